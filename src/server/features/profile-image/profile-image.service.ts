import { createHash } from 'node:crypto';
import type { Db } from '../../db/open.ts';
import { unauthenticated } from '../../errors.ts';
import { encodeProfileImage, OUTPUT_TYPE } from './profile-image.encode.ts';
import {
  deleteProfileImage,
  saveProfileImage,
  setProfileImageUrl,
} from './profile-image.repository.ts';

/** The URL changes with the picture, so the browser may keep each one for good. */
export const profileImageUrl = (version: string) => `/api/auth/profile-image?v=${version}`;

/**
 * Re-encodes the upload, then stores it and points the user at it in one transaction. sharp
 * runs first, outside the transaction: it works on libuv's pool, and no connection or row lock
 * is held while it does.
 */
export async function uploadProfileImage(db: Db, userId: number, upload: Buffer): Promise<string> {
  const image = await encodeProfileImage(upload);
  const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
  const url = profileImageUrl(version);
  await db.transaction(async (tx) => {
    // The user row first: it locks the user, so an account deletion cannot slip in between.
    if (!(await setProfileImageUrl(tx, userId, url))) throw unauthenticated();
    await saveProfileImage(tx, userId, { image, contentType: OUTPUT_TYPE, version });
  });
  return url;
}

export async function removeProfileImage(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await setProfileImageUrl(tx, userId, null);
    await deleteProfileImage(tx, userId);
  });
}
