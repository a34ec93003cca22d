import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { gmailAuthorizations, gmailTokens } from '../../db/schema/index.ts';

export type GmailTokenRow = typeof gmailTokens.$inferSelect;

/** The access and refresh tokens are sealed text (lib/seal.ts). */
export interface StoredTokens {
  userEmail: string | null;
  accessToken: string;
  refreshToken: string | null;
  scope: string | null;
  tokenType: string;
  expiryDate: Date | null;
}

export async function findTokens(db: Executor, userId: number): Promise<GmailTokenRow | undefined> {
  const [row] = await db.select().from(gmailTokens).where(eq(gmailTokens.userId, userId));
  return row;
}

export async function saveTokens(db: Executor, userId: number, tokens: StoredTokens) {
  await db
    .insert(gmailTokens)
    .values({ userId, ...tokens, needsReauth: false })
    .onConflictDoUpdate({
      target: gmailTokens.userId,
      set: { ...tokens, needsReauth: false, updatedAt: new Date() },
    });
}

/** Only onto the connection it was refreshed from: a reconnect or disconnect meanwhile wins. */
export async function updateAccessToken(
  db: Executor,
  userId: number,
  previousSealed: string,
  next: Pick<StoredTokens, 'accessToken' | 'expiryDate'> & { refreshToken?: string },
): Promise<boolean> {
  const rows = await db
    .update(gmailTokens)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(gmailTokens.userId, userId), eq(gmailTokens.accessToken, previousSealed)))
    .returning({ id: gmailTokens.id });
  return rows.length > 0;
}

export async function markNeedsReauth(db: Executor, userId: number, previousSealed: string) {
  await db
    .update(gmailTokens)
    .set({ needsReauth: true, updatedAt: new Date() })
    .where(and(eq(gmailTokens.userId, userId), eq(gmailTokens.accessToken, previousSealed)));
}

export async function deleteTokens(
  db: Executor,
  userId: number,
): Promise<GmailTokenRow | undefined> {
  const [row] = await db.delete(gmailTokens).where(eq(gmailTokens.userId, userId)).returning();
  return row;
}

/** Per user; the oldest go first. */
const PENDING_PER_USER = 5;

export async function saveAuthorization(
  db: Executor,
  row: typeof gmailAuthorizations.$inferInsert,
): Promise<void> {
  await db.delete(gmailAuthorizations).where(lt(gmailAuthorizations.expiresAt, new Date()));
  const pending = await db
    .select({ stateHash: gmailAuthorizations.stateHash })
    .from(gmailAuthorizations)
    .where(eq(gmailAuthorizations.userId, row.userId))
    .orderBy(gmailAuthorizations.createdAt);
  for (const old of pending.slice(0, Math.max(0, pending.length - PENDING_PER_USER + 1))) {
    await db.delete(gmailAuthorizations).where(eq(gmailAuthorizations.stateHash, old.stateHash));
  }
  await db.insert(gmailAuthorizations).values(row);
}

/** For its own session only: a state is good once, for 10 minutes. */
export async function takeAuthorization(
  db: Executor,
  stateHash: string,
  sessionSid: string,
  now: Date,
) {
  const [row] = await db
    .delete(gmailAuthorizations)
    .where(
      and(
        eq(gmailAuthorizations.stateHash, stateHash),
        eq(gmailAuthorizations.sessionSid, sessionSid),
        gt(gmailAuthorizations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
