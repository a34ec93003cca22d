import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import { rateLimitEvents } from '../db/schema/index.ts';

export interface Counts {
  lastMinute: number;
  lastHour: number;
}

/** Sliding-window counters kept in PostgreSQL, so every instance sees the same counts. */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async counts(bucket: string): Promise<Counts> {
    const result = await this.db.execute<{ last_minute: number; last_hour: number }>(sql`
      select count(*) filter (where created_at > now() - interval '1 minute')::int as last_minute,
             count(*)::int as last_hour
        from ${rateLimitEvents}
       where bucket = ${bucket} and created_at > now() - interval '1 hour'`);
    const row = result.rows[0];
    return { lastMinute: row?.last_minute ?? 0, lastHour: row?.last_hour ?? 0 };
  }

  async hit(bucket: string): Promise<void> {
    await this.db.insert(rateLimitEvents).values({ bucket });
  }

  async clear(bucket: string): Promise<void> {
    await this.db.execute(sql`delete from ${rateLimitEvents} where bucket = ${bucket}`);
  }

  /** Drops events no window looks at any more. */
  async sweep(): Promise<number> {
    const result = await this.db.execute(
      sql`delete from ${rateLimitEvents} where created_at < now() - interval '1 hour'`,
    );
    return result.rowCount ?? 0;
  }
}
