import { sql } from 'drizzle-orm';
import { unauthenticated } from '../errors.ts';
import type { Db, Tx } from './open.ts';
import { sqlState } from './pg-errors.ts';

// docs/decisions/029-races-transactions-and-overload.md: one lock order (the user's row first) and
// a retry on deadlock, so `work` must be safe to run twice.
export interface TransactionOptions {
  userId?: number;
  userGone?: () => Error;
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
}

export const TRANSACTION_ATTEMPTS = 5;
const RETRYABLE = new Set(['40P01', '40001']);

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

export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
  return result.rows.length > 0;
}
