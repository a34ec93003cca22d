import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/open.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { SessionCache } from './session-cache.ts';
import { type SessionUser, sessionUserColumns } from './users.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
export const IDLE_TTL_MS = 7 * DAY;
export const ABSOLUTE_TTL_MS = 30 * DAY;
/** The idle expiry is pushed forward at most once an hour, not on every request. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** 256 random bits; only its hash is stored. */
export async function createSession(db: Executor, userId: number): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  try {
    await db.insert(sessions).values({
      sid: sha256Hex(token),
      userId,
      expire: new Date(now + IDLE_TTL_MS),
      absoluteExpire: new Date(now + ABSOLUTE_TTL_MS),
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('invalid_credentials', 401, 'Invalid email or password');
    }
    throw error;
  }
  return token;
}

/** Runs on every signed-in request: prepared on the server. */
const sessionUserQuery = (db: Db) =>
  db
    .select({
      user: sessionUserColumns,
      expire: sessions.expire,
      absoluteExpire: sessions.absoluteExpire,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.sid, sql.placeholder('sid')),
        gt(sessions.expire, sql`now()`),
        gt(sessions.absoluteExpire, sql`now()`),
      ),
    )
    .prepare('find_session_user');
const prepared = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

export async function findSessionUser(
  db: Db,
  token: string,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  const sid = sha256Hex(token);
  const cached = cache?.get(sid);
  if (cached) return cached.user;
  // Taken before the read: a logout that lands while it runs keeps its result out of the cache.
  const ticket = cache?.ticket();
  let query = prepared.get(db);
  if (!query) {
    query = sessionUserQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ sid });
  if (!row) return undefined;
  const now = Date.now();
  if (row.expire.getTime() - now < IDLE_TTL_MS - TOUCH_AFTER_MS) {
    const expire = new Date(Math.min(now + IDLE_TTL_MS, row.absoluteExpire.getTime()));
    await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  }
  if (cache && ticket !== undefined) cache.set(sid, row, ticket);
  return row.user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sha256Hex(token)));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function sweepSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expire, sql`now()`), lt(sessions.absoluteExpire, sql`now()`)))
    .returning({ sid: sessions.sid });
  return gone.length;
}

/** After a password change only the browser that made it stays signed in (trigger: migration 0001). */
export async function replaceUserSessions(db: Executor, userId: number): Promise<string> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return createSession(db, userId);
}
