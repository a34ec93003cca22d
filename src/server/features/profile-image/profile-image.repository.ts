import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { profileImages, users } from '../../db/schema/index.ts';

export interface StoredProfileImage {
  image: Buffer;
  contentType: string;
  version: string;
}

export async function findProfileImage(
  db: Executor,
  userId: number,
): Promise<StoredProfileImage | undefined> {
  const [row] = await db
    .select({
      image: profileImages.image,
      contentType: profileImages.contentType,
      version: profileImages.version,
    })
    .from(profileImages)
    .where(eq(profileImages.userId, userId));
  return row;
}

export async function saveProfileImage(
  db: Executor,
  userId: number,
  picture: StoredProfileImage,
): Promise<void> {
  await db
    .insert(profileImages)
    .values({ userId, ...picture })
    .onConflictDoUpdate({
      target: profileImages.userId,
      set: { ...picture, updatedAt: sql`now()` },
    });
}

export async function deleteProfileImage(db: Executor, userId: number): Promise<void> {
  await db.delete(profileImages).where(eq(profileImages.userId, userId));
}

/** False when the user is gone (deleted while the picture was being encoded). */
export async function setProfileImageUrl(
  db: Executor,
  userId: number,
  url: string | null,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ profileImageUrl: url })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
