import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { jobRow, uniqueType } from '../test/jobs.ts';
import { claimJobs, retryDeadJob, sweepDoneJobs } from './jobs.repository.ts';
import { enqueueJob } from './queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('the jobs repository', () => {
  it('claims a due job under the lease of its type, or the default one', async () => {
    const slow = uniqueType('slow');
    const quick = uniqueType('quick');
    const slowId = await enqueueJob(ctx.database.db, { type: slow, payload: {} });
    const quickId = await enqueueJob(ctx.database.db, { type: quick, payload: {} });
    const later = await enqueueJob(ctx.database.db, {
      type: quick,
      payload: {},
      runAt: new Date(Date.now() + 60_000),
    });
    const claimed = await claimJobs(ctx.database.db, {
      workerId: 'w1',
      limit: 10,
      types: [slow, quick],
      leaseMs: 60_000,
      leaseMsByType: { [slow]: 600_000 },
    });
    expect(claimed.map((job) => [job.id, job.leaseMs, job.attempt])).toEqual([
      [slowId, 600_000, 1],
      [quickId, 60_000, 1],
    ]);
    const { rows } = await ctx.database.db.execute<{ id: string; seconds: number }>(
      sql`select id, extract(epoch from lease_until - locked_at)::int as seconds
            from jobs where id in (${slowId}, ${quickId}) order by id`,
    );
    expect(rows.map((row) => row.seconds)).toEqual([600, 60]);
    expect(await jobRow(ctx.database.db, later!)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('deletes done jobs some days after they finished and keeps every other job', async () => {
    const type = uniqueType('sweep');
    const ids = [];
    for (const [status, daysAgo] of [
      ['done', 15],
      ['done', 1],
      ['failed', 30],
    ] as const) {
      const id = (await enqueueJob(ctx.database.db, { type, payload: {} }))!;
      await ctx.database.db
        .update(jobs)
        .set({ status, finishedAt: sql`now() - ${daysAgo} * interval '1 day'` })
        .where(eq(jobs.id, id));
      ids.push(id);
    }
    expect(await sweepDoneJobs(ctx.database.db, 14)).toBe(1);
    const left = await ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.type, type));
    expect(left.map((row) => row.id).sort()).toEqual(ids.slice(1).sort());
  });

  it('does not retry a dead job whose dedupe key has a newer live job', async () => {
    const type = uniqueType('retry');
    const dedupeKey = `${type}:1`;
    const dead = (await enqueueJob(ctx.database.db, { type, payload: {}, dedupeKey }))!;
    await ctx.database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, dead));
    await enqueueJob(ctx.database.db, { type, payload: {}, dedupeKey });
    expect(await retryDeadJob(ctx.database.db, dead)).toBe('duplicate');
    expect((await jobRow(ctx.database.db, dead)).status).toBe('failed');
  });
});
