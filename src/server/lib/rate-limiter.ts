import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import { rateLimitEvents } from '../db/schema/index.ts';
import { transaction } from '../db/transaction.ts';
import { rateLimited } from '../errors.ts';

export interface Limit {
  perMinute: number;
  perHour: number;
}

export type Window = 'minute' | 'hour';

export type Taken =
  | { allowed: true }
  | { allowed: false; window: Window /** Whole seconds until a slot frees. */; retryAfter: number };

const WINDOWS = [
  { name: 'minute', seconds: 60, limit: (l: Limit) => l.perMinute },
  { name: 'hour', seconds: 3600, limit: (l: Limit) => l.perHour },
] as const;

// In PostgreSQL so every instance shares counts; the advisory lock keeps a parallel burst from all
// seeing the same free count.
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async take(bucket: string, limit: Limit): Promise<Taken> {
    return transaction(this.db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
      const result = await tx.execute<{ age: number }>(sql`
        select extract(epoch from clock_timestamp() - created_at)::float8 as age
          from ${rateLimitEvents}
         where bucket = ${bucket} and created_at > clock_timestamp() - interval '1 hour'
         order by created_at desc`);
      const ages = result.rows.map((row) => Number(row.age));
      let refused: Taken = { allowed: true };
      for (const window of WINDOWS) {
        const inWindow = ages.filter((age) => age < window.seconds);
        const max = window.limit(limit);
        if (inWindow.length < max) continue;
        // A slot frees when the event that brought the count to the limit leaves the window.
        const retryAfter = Math.max(1, Math.ceil(window.seconds - (inWindow[max - 1] ?? 0)));
        if (refused.allowed || retryAfter > refused.retryAfter) {
          refused = { allowed: false, window: window.name, retryAfter };
        }
      }
      if (!refused.allowed) return refused;
      await tx.insert(rateLimitEvents).values({ bucket, createdAt: sql`clock_timestamp()` });
      return { allowed: true };
    });
  }

  async clear(bucket: string): Promise<void> {
    await this.db.execute(sql`delete from ${rateLimitEvents} where bucket = ${bucket}`);
  }

  async sweep(): Promise<number> {
    const result = await this.db.execute(
      sql`delete from ${rateLimitEvents} where created_at < now() - interval '1 hour'`,
    );
    return result.rowCount ?? 0;
  }
}

export async function takeTokenOr429(
  limiter: RateLimiter,
  bucket: string,
  limit: Limit,
  messages: Record<Window, string>,
): Promise<void> {
  const taken = await limiter.take(bucket, limit);
  if (!taken.allowed) throw rateLimited(messages[taken.window], taken.retryAfter);
}
