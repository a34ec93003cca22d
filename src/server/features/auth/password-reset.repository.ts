import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { replacePassword } from './users.repository.ts';

/** docs/product/deviations.md#2-temporary-passwords-are-single-use */
export const TEMPORARY_PASSWORD_ATTEMPTS = 5;

export async function storeTemporaryPassword(
  db: Executor,
  userId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      temporaryPasswordHash: hash,
      temporaryPasswordExpiresAt: expiresAt,
      temporaryPasswordAttempts: 0,
    })
    .where(eq(users.id, userId));
}

/** One statement, so parallel guesses never check more than 5 between them. */
export async function claimTemporaryPasswordTry(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ hash: string; attempts: number } | undefined> {
  const [row] = await db
    .update(users)
    .set({ temporaryPasswordAttempts: sql`${users.temporaryPasswordAttempts} + 1` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.temporaryPasswordHash),
        gt(users.temporaryPasswordExpiresAt, now),
        lt(users.temporaryPasswordAttempts, TEMPORARY_PASSWORD_ATTEMPTS),
      ),
    )
    .returning({ hash: users.temporaryPasswordHash, attempts: users.temporaryPasswordAttempts });
  return row?.hash ? { hash: row.hash, attempts: row.attempts } : undefined;
}

/** Only while the same temporary password still stands. */
export async function returnTemporaryPasswordTry(
  db: Executor,
  userId: number,
  hash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ temporaryPasswordAttempts: sql`greatest(${users.temporaryPasswordAttempts} - 1, 0)` })
    .where(and(eq(users.id, userId), eq(users.temporaryPasswordHash, hash)));
}

/** Not a newer one issued meanwhile. */
export async function voidTemporaryPassword(
  db: Executor,
  userId: number,
  hash: string,
): Promise<void> {
  await db
    .update(users)
    .set({
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordAttempts: 0,
    })
    .where(and(eq(users.id, userId), eq(users.temporaryPasswordHash, hash)));
}

/** Only while `checkedHash` is still the temporary password: of two racing resets, one wins. */
export async function resetPasswordWithTemporary(
  db: Executor,
  userId: number,
  checkedHash: string,
  newHash: string,
): Promise<boolean> {
  if (!(await replacePassword(db, userId, newHash, { temporaryPasswordHash: checkedHash }))) {
    return false;
  }
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return true;
}
