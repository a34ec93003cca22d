import { createHash } from 'node:crypto';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { Gate } from '../../lib/gate.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { encodeProfileImage, OUTPUT_TYPE } from './profile-image.encode.ts';
import {
  deleteProfileImage,
  saveProfileImage,
  setProfileImageUrl,
} from './profile-image.repository.ts';

/** The URL changes with the picture, so the browser may keep each one for good. */
export const profileImageUrl = (version: string) => `/api/auth/profile-image?v=${version}`;

export const UPLOAD_LIMIT = { perMinute: 10, perHour: 60 } as const;

/** Decoding a large picture takes a core and a few hundred MB: two at a time, a few wait, rest 503. */
export const encodeGate = new Gate(2, 8);

export async function countUpload(limiter: RateLimiter, userId: number): Promise<void> {
  await takeTokenOr429(limiter, `profile-image:user:${userId}`, UPLOAD_LIMIT, {
    minute: 'Too many pictures at once. Please wait a minute and try again.',
    hour: 'Too many pictures for now. Please try again later.',
  });
}

/** sharp runs first, outside the transaction: no connection or row lock is held while it works. */
export async function uploadProfileImage(db: Db, userId: number, upload: Buffer): Promise<string> {
  const image = await encodeGate.run(() => encodeProfileImage(upload));
  const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
  const url = profileImageUrl(version);
  await transaction(
    db,
    async (tx) => {
      await setProfileImageUrl(tx, userId, url);
      await saveProfileImage(tx, userId, { image, contentType: OUTPUT_TYPE, version });
    },
    { userId },
  );
  return url;
}

export async function removeProfileImage(db: Db, userId: number): Promise<void> {
  await transaction(
    db,
    async (tx) => {
      await setProfileImageUrl(tx, userId, null);
      await deleteProfileImage(tx, userId);
    },
    { userId },
  );
}
