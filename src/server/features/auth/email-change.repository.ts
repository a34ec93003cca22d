import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { emailVerifications, users } from '../../db/schema/index.ts';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/** Only the newest link works: earlier unverified ones end. */
export async function replacePendingEmailChange(
  db: Executor,
  input: { userId: number; oldEmail: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  // Locked first: two changes at once take turns, so only one link is left working.
  await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
  await db
    .delete(emailVerifications)
    .where(
      and(eq(emailVerifications.userId, input.userId), eq(emailVerifications.verified, false)),
    );
  await db.insert(emailVerifications).values({
    userId: input.userId,
    oldEmail: input.oldEmail,
    newEmail: input.newEmail,
    verificationToken: input.tokenHash,
    expiresAt: input.expiresAt,
  });
}

export async function findEmailChange(
  db: Executor,
  tokenHash: string,
): Promise<EmailVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.verificationToken, tokenHash));
  return row;
}

/** The newest unused, unexpired link that moves the account (not one confirming its address). */
export async function findPendingEmailChange(
  db: Executor,
  userId: number,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ newEmail: emailVerifications.newEmail })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.verified, false),
        gt(emailVerifications.expiresAt, now),
        ne(sql`lower(${emailVerifications.newEmail})`, sql`lower(${emailVerifications.oldEmail})`),
      ),
    )
    .orderBy(desc(emailVerifications.id))
    .limit(1);
  return row?.newEmail;
}

/** False when another request used it first. */
export async function markEmailChangeVerified(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ verified: true })
    .where(and(eq(emailVerifications.id, id), eq(emailVerifications.verified, false)))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}

/** A temporary password mailed to the old address ends with it. */
export async function setUserEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      emailVerified: true,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordAttempts: 0,
    })
    .where(eq(users.id, userId));
}
