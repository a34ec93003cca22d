import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/open.ts';
import { rateLimitEvents } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { RateLimiter, takeTokenOr429 } from './rate-limiter.ts';

let ctx: TestContext;
let limiter: RateLimiter;
let bucketCounter = 0;
const freshBucket = () => `test:${bucketCounter++}:${Math.random()}`;
const limit = { perMinute: 5, perHour: 100 };

beforeAll(async () => {
  ctx = await createTestApp();
  limiter = new RateLimiter(ctx.database.db);
});

/** Events as if they had been recorded `secondsAgo` ago. */
async function recordedAgo(bucket: string, ...secondsAgo: number[]) {
  for (const ago of secondsAgo) {
    await ctx.database.db.insert(rateLimitEvents).values({
      bucket,
      createdAt: sql`now() - make_interval(secs => ${ago})`,
    });
  }
}

describe('RateLimiter.take', () => {
  it('lets exactly the limit through when many take at once', async () => {
    const bucket = freshBucket();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => limiter.take(bucket, limit)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const [row] = await ctx.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ${rateLimitEvents} where bucket = ${bucket}`,
      )
      .then((r) => r.rows);
    expect(row?.n).toBe(5);
  });

  it('holds across two app instances on one database', async () => {
    let other: Database | undefined;
    try {
      other = connect(ctx.databaseUrl, 'external');
      const second = new RateLimiter(other.db);
      const bucket = freshBucket();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? limiter : second).take(bucket, limit)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    } finally {
      await other?.close();
    }
  });

  it('says in how many seconds the oldest event of a full minute frees a slot', async () => {
    const bucket = freshBucket();
    await recordedAgo(bucket, 50, 40, 30, 20, 10);
    const taken = await limiter.take(bucket, limit);
    expect(taken).toEqual({ allowed: false, window: 'minute', retryAfter: 10 });
  });

  it('waits for the hour window when that one is full', async () => {
    const bucket = freshBucket();
    await recordedAgo(bucket, 1800, 1200, 30);
    const taken = await limiter.take(bucket, { perMinute: 5, perHour: 3 });
    expect(taken).toEqual({ allowed: false, window: 'hour', retryAfter: 1800 });
  });

  it('does not count events older than the window', async () => {
    const bucket = freshBucket();
    await recordedAgo(bucket, 61, 70, 80, 90, 100);
    expect(await limiter.take(bucket, limit)).toEqual({ allowed: true });
  });

  it('starts over once the bucket is cleared', async () => {
    const bucket = freshBucket();
    for (let i = 0; i < 5; i++) await limiter.take(bucket, limit);
    expect((await limiter.take(bucket, limit)).allowed).toBe(false);
    await limiter.clear(bucket);
    expect((await limiter.take(bucket, limit)).allowed).toBe(true);
  });
});

describe('takeTokenOr429', () => {
  const messages = { minute: 'Wait a minute.', hour: 'Try later.' };

  it('counts an event while there is room, then throws 429 with the full window’s message', async () => {
    const bucket = freshBucket();
    for (let i = 0; i < 5; i++) await takeTokenOr429(limiter, bucket, limit, messages);
    const refused = await takeTokenOr429(limiter, bucket, limit, messages).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'rate_limited',
      statusCode: 429,
      message: 'Wait a minute.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('says when the hour is full, with the seconds until its oldest event leaves', async () => {
    const bucket = freshBucket();
    await recordedAgo(bucket, ...Array.from({ length: 100 }, () => 3_000));
    await expect(takeTokenOr429(limiter, bucket, limit, messages)).rejects.toMatchObject({
      statusCode: 429,
      message: 'Try later.',
      headers: { 'retry-after': expect.stringMatching(/^(599|600)$/) },
    });
  });
});
