import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { users } from '../../db/schema/index.ts';

export async function findPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash;
}

/**
 * Sets the new hash only if the stored one is still the hash that was checked, so of two changes
 * racing with the same current password only one wins. A pending temporary password ends too:
 * it must not outlive the password it was meant to replace.
 */
export async function replacePasswordHash(
  db: Executor,
  userId: number,
  checkedHash: string,
  newHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash: newHash,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordAttempts: 0,
    })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Foreign keys cascade to everything the user owns (settings, sessions, employers, …). */
export async function deleteUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
