import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/open.ts';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { gate, jobRow, testWorker, uniqueType, waitFor } from '../test/jobs.ts';
import { finishJob, LEASE_RAN_OUT } from './jobs.repository.ts';
import { LeaseLostError } from './lease.ts';
import { enqueueJob } from './queue.ts';
import type { Worker } from './worker.ts';

/** Several workers on one database, leases running out, workers dying mid-job. */
let ctx: TestContext;
/** A second pool, as a second instance of the app would have. */
let other: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  other = connect(ctx.databaseUrl, 'external');
});
afterAll(() => other.close());
const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
const start = (...args: Parameters<typeof testWorker>) => {
  const worker = testWorker(...args);
  workers.push(worker);
  return worker;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const whenStatus = (id: number, status: string) =>
  waitFor(async () => {
    const row = await jobRow(ctx.database.db, id);
    return row.status === status && row;
  });

/** A job as a worker that then died left it: running, held by `lockedBy`, lease ending in `ms`. */
async function leftRunning(type: string, ms: number, attempts = 1, maxAttempts = 25) {
  const [row] = await ctx.database.db
    .insert(jobs)
    .values({
      type,
      payload: {},
      status: 'running',
      attempts,
      maxAttempts,
      lockedBy: 'dead-worker',
      lockedAt: sql`now()`,
      leaseUntil: sql`now() + ${ms} * interval '1 millisecond'`,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

describe('jobs under several workers', () => {
  it('runs each of 50 jobs exactly once with two workers, never one job twice at a time', async () => {
    const type = uniqueType('fifty');
    const runs = new Map<number, number>();
    const inFlight = new Set<number>();
    const byWorker = { a: 0, b: 0 };
    let overlaps = 0;
    const handler = (name: 'a' | 'b') => async (_payload: unknown, context: { jobId: number }) => {
      if (inFlight.has(context.jobId)) overlaps++;
      inFlight.add(context.jobId);
      runs.set(context.jobId, (runs.get(context.jobId) ?? 0) + 1);
      byWorker[name]++;
      await pause(2 + Math.random() * 8);
      inFlight.delete(context.jobId);
    };
    const ids = await ctx.database.db.transaction(async (tx) => {
      const added: (number | undefined)[] = [];
      for (let n = 0; n < 50; n++) added.push(await enqueueJob(tx, { type, payload: { n } }));
      return added;
    });
    start(ctx.database, { [type]: handler('a') });
    start(other, { [type]: handler('b') });
    await waitFor(async () => {
      const done = await ctx.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.type} = ${type} and ${jobs.status} = 'done'`);
      return done.length === 50;
    });
    await pause(100);
    expect(overlaps).toBe(0);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x! - y!));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byWorker.a).toBeGreaterThan(0);
    expect(byWorker.b).toBeGreaterThan(0);
  });

  it('takes over a job whose worker died once its lease runs out, and ignores the dead claim', async () => {
    const type = uniqueType('orphan');
    let calls = 0;
    const id = await leftRunning(type, 600);
    const worker = start(ctx.database, {
      [type]: async () => {
        calls++;
      },
    });
    await pause(150);
    expect(calls).toBe(0); // the lease still holds
    const row = await whenStatus(id, 'done');
    expect(calls).toBe(1);
    expect(row).toMatchObject({ attempts: 2, lockedBy: worker.id, lastError: LEASE_RAN_OUT });

    const late = { id, workerId: 'dead-worker', attempt: 1 };
    expect(await finishJob(ctx.database.db, late, { status: 'failed', error: 'late' })).toBe(false);
    expect(await jobRow(ctx.database.db, id)).toMatchObject({
      status: 'done',
      lastError: row.lastError,
    });
  });

  it('keeps the run that took a job over in charge when the old run finishes late', async () => {
    const type = uniqueType('late');
    const oldStarted = gate();
    const oldRelease = gate();
    const newStarted = gate();
    const newRelease = gate();
    let oldRuns = 0;
    let newRuns = 0;
    // The old worker: a long lease (no heartbeat during the test) and one slot, busy.
    const old = start(
      ctx.database,
      {
        [type]: async () => {
          oldRuns++;
          oldStarted.open();
          await oldRelease.opened;
          throw new Error('the old run failed late');
        },
      },
      { leaseMs: 60_000, concurrency: 1, workerId: 'old-worker' },
    );
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await oldStarted.opened;
    // It stalls past its lease (a long GC pause, a frozen VM): the lease runs out.
    await ctx.database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id!));
    start(
      other,
      {
        [type]: async () => {
          newRuns++;
          newStarted.open();
          await newRelease.opened;
        },
      },
      { workerId: 'new-worker' },
    );
    await newStarted.opened;

    // The old run fails while the new one runs: no retry is scheduled, the new run keeps it.
    oldRelease.open();
    await old.stop();
    expect(await jobRow(ctx.database.db, id!)).toMatchObject({
      status: 'running',
      attempts: 2,
      lockedBy: 'new-worker',
      lastError: LEASE_RAN_OUT,
    });

    newRelease.open();
    await whenStatus(id!, 'done');
    await pause(100);
    expect({ oldRuns, newRuns }).toEqual({ oldRuns: 1, newRuns: 1 });
    expect(await jobRow(ctx.database.db, id!)).toMatchObject({
      status: 'done',
      attempts: 2,
      lockedBy: 'new-worker',
    });
  });

  it('aborts the signal of a handler whose job was taken over, and drops its outcome', async () => {
    const type = uniqueType('stolen');
    const started = gate();
    let reason: unknown;
    const worker = start(
      ctx.database,
      {
        [type]: (_payload, { signal }) => {
          started.open();
          return new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              reason = signal.reason;
              resolve();
            });
          });
        },
      },
      { leaseMs: 150, concurrency: 1 },
    );
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await started.opened;
    await ctx.database.db.update(jobs).set({ lockedBy: 'thief' }).where(eq(jobs.id, id!));
    await waitFor(() => reason !== undefined);
    expect(reason).toBeInstanceOf(LeaseLostError);
    await worker.stop();
    expect(await jobRow(ctx.database.db, id!)).toMatchObject({
      status: 'running',
      lockedBy: 'thief',
    });
  });

  it('keeps a job that runs longer than its lease by extending the lease as it runs', async () => {
    const type = uniqueType('long');
    let runs = 0;
    let aborted = false;
    const handler = async (_payload: unknown, { signal }: { signal: AbortSignal }) => {
      runs++;
      await pause(900);
      aborted = signal.aborted;
    };
    start(ctx.database, { [type]: handler }, { leaseMs: 300 });
    start(other, { [type]: handler }, { leaseMs: 300 });
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await whenStatus(id!, 'done');
    expect({ runs, aborted }).toEqual({ runs: 1, aborted: false });
    expect((await jobRow(ctx.database.db, id!)).attempts).toBe(1);
  });

  it('lets a job die whose worker died during its last attempt, without running it again', async () => {
    const type = uniqueType('last');
    let calls = 0;
    const id = await leftRunning(type, -1_000, 3, 3);
    start(ctx.database, { [type]: async () => void calls++ });
    const row = await whenStatus(id, 'failed');
    expect(calls).toBe(0);
    expect(row.lastError).toBe(LEASE_RAN_OUT);
  });
});
