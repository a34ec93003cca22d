import { sql } from 'drizzle-orm';
import { unauthenticated } from '../errors.ts';
import type { Db, Tx } from './open.ts';
import { sqlState } from './pg-errors.ts';

/**
 * Every write of more than one statement goes through here
 * (docs/decisions/029-races-transactions-and-overload.md):
 *
 * - **One lock order.** With `userId`, the transaction first locks that user's row
 *   (`FOR NO KEY UPDATE`), so two writes of the same user never interleave and never take
 *   their other row locks in different orders. Then parents before children (an employer
 *   before its logs), as the services do. The lock does not block foreign-key checks
 *   (`FOR KEY SHARE`): a new session or another user's rows are not held up. A user deleted
 *   meanwhile (their session went with them) answers 401, like a signed-out request.
 * - **Retried when PostgreSQL gives up on it.** A deadlock (40P01) or a serialization failure
 *   (40001) rolls the whole transaction back, so it is run again from the start, a few times,
 *   after a short random wait that grows. `work` must therefore do nothing outside the
 *   database that it cannot do twice (renders, mails and Notion calls stay outside it).
 */
export interface TransactionOptions {
  /** Lock this user's row first; 401 when it is gone, unless `userGone` says otherwise. */
  userId?: number;
  /** What a user gone meanwhile answers (an administrator's target: 404). */
  userGone?: () => Error;
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
}

/** Tries in all: the first and up to four more. */
export const TRANSACTION_ATTEMPTS = 5;
const RETRYABLE = new Set(['40P01', '40001']);

/** A deadlock or a serialization failure: the transaction can simply run again. */
export const isRetryableTransactionError = (error: unknown) => RETRYABLE.has(sqlState(error) ?? '');

/** Random in [0.5, 1.5) × 10 ms × 2^attempt: 10, 20, 40, 80 ms on average. */
const backoffMs = (attempt: number) => 10 * 2 ** attempt * (0.5 + Math.random());

export async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const { userId, userGone = unauthenticated, isolationLevel } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(
        async (tx) => {
          if (userId !== undefined && !(await lockUser(tx, userId))) throw userGone();
          return work(tx);
        },
        isolationLevel ? { isolationLevel } : undefined,
      );
    } catch (error) {
      if (!isRetryableTransactionError(error) || attempt + 1 >= TRANSACTION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/** The user's row, locked until the transaction ends; false when the user is gone. */
export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
  return result.rows.length > 0;
}
