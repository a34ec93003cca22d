import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { jobRow, uniqueType } from '../test/jobs.ts';
import { enqueueJob, enqueueJobs } from './queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const count = async (type: string) =>
  (await ctx.database.db.select().from(jobs).where(sql`${jobs.type} = ${type}`)).length;

describe('enqueueJob', () => {
  it('stores a queued job due now with its payload and the default attempt budget', async () => {
    const type = uniqueType('plain');
    const id = await enqueueJob(ctx.database.db, { type, payload: { to: 'a@example.com' } });
    expect(id).toBeTypeOf('number');
    expect(await jobRow(ctx.database.db, id!)).toMatchObject({
      type,
      payload: { to: 'a@example.com' },
      status: 'queued',
      attempts: 0,
      maxAttempts: 25,
    });
  });

  it('leaves no job when the transaction it was enqueued in rolls back', async () => {
    const type = uniqueType('rollback');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueJob(tx, { type, payload: {} });
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    expect(await count(type)).toBe(0);
  });

  it('keeps one live job per dedupe key and accepts the key again once that job is over', async () => {
    const type = uniqueType('dedupe');
    const dedupeKey = `${type}:user-1`;
    const first = await enqueueJob(ctx.database.db, { type, payload: { n: 1 }, dedupeKey });
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(ctx.database.db, { type, payload: { n: 2 }, dedupeKey })).toBe(
      undefined,
    );
    await ctx.database.db.update(jobs).set({ status: 'running' }).where(sql`id = ${first}`);
    expect(await enqueueJob(ctx.database.db, { type, payload: { n: 3 }, dedupeKey })).toBe(
      undefined,
    );
    expect(await count(type)).toBe(1);

    await ctx.database.db.update(jobs).set({ status: 'done' }).where(sql`id = ${first}`);
    const next = await enqueueJob(ctx.database.db, { type, payload: { n: 4 }, dedupeKey });
    expect(next).toBeTypeOf('number');
    expect(next).not.toBe(first);
  });

  it('refuses an attempt budget below one', async () => {
    await expect(
      enqueueJob(ctx.database.db, { type: uniqueType('budget'), payload: {}, maxAttempts: 0 }),
    ).rejects.toThrow('maxAttempts must be a positive whole number');
  });
});

describe('enqueueJobs', () => {
  it('adds many jobs with their keys and budgets, skipping keys that already have a live job', async () => {
    const type = uniqueType('bulk');
    const live = await enqueueJob(ctx.database.db, {
      type,
      payload: { n: 0 },
      dedupeKey: `${type}:0`,
    });
    const added = await ctx.database.db.transaction((tx) =>
      enqueueJobs(
        tx,
        type,
        [0, 1, 2, 3].map((n) => ({
          payload: { n },
          dedupeKey: `${type}:${n}`,
          ...(n === 3 ? {} : { maxAttempts: 12 }),
        })),
      ),
    );
    expect(added).toBe(3);
    const rows = await ctx.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = ${type}`)
      .orderBy(jobs.id);
    expect(rows.map((row) => [row.payload, row.dedupeKey, row.maxAttempts, row.status])).toEqual([
      [{ n: 0 }, `${type}:0`, 25, 'queued'],
      [{ n: 1 }, `${type}:1`, 12, 'queued'],
      [{ n: 2 }, `${type}:2`, 12, 'queued'],
      [{ n: 3 }, `${type}:3`, 25, 'queued'],
    ]);
    expect(rows[0]?.id).toBe(live);
  });

  it('leaves no job when its transaction rolls back, and refuses a bad attempt budget', async () => {
    const type = uniqueType('bulk-rollback');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueJobs(tx, type, [{ payload: {} }, { payload: {} }]);
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    await expect(
      enqueueJobs(ctx.database.db, type, [{ payload: {}, maxAttempts: 0 }]),
    ).rejects.toThrow(RangeError);
    expect(await enqueueJobs(ctx.database.db, type, [])).toBe(0);
    expect(await count(type)).toBe(0);
  });
});
