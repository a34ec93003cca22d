import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/app.ts';
import { gate, jobRow, testWorker, uniqueType, waitFor } from '../test/jobs.ts';
import { enqueueJob } from './queue.ts';
import { defineJob, PermanentJobError, RetryLaterError } from './types.ts';
import type { Worker } from './worker.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
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

describe('the job worker', () => {
  it('starts a job enqueued while it idles at once, not at its next poll', async () => {
    const listeners = async () =>
      Number(
        (
          await ctx.database.pool.query(
            `select count(*) from pg_stat_activity
              where datname = current_database() and query = 'LISTEN hourbook_jobs'`,
          )
        ).rows[0].count,
      );
    await waitFor(async () => (await listeners()) === 0);
    const type = uniqueType('notify');
    start(ctx.database, { [type]: async () => {} }, { pollMs: 60_000 });
    await waitFor(async () => (await listeners()) === 1);
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    const startedAt = Date.now();
    await whenStatus(id!, 'done');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('runs a job once with its payload and keeps it as done, without the payload', async () => {
    const type = uniqueType('once');
    const calls: unknown[] = [];
    const worker = start(ctx.database, {
      [type]: async (payload, context) => {
        calls.push({ payload, jobId: context.jobId, attempt: context.attempt });
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: { to: 'a@example.com' } });
    const row = await whenStatus(id!, 'done');
    await pause(100);
    expect(calls).toEqual([{ payload: { to: 'a@example.com' }, jobId: id, attempt: 1 }]);
    expect(row).toMatchObject({ attempts: 1, lockedBy: worker.id, leaseUntil: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
    // A payload may hold a temporary password: nothing of it outlives the job.
    expect(row.payload).toEqual({});
  });

  it('retries a failing job with growing delays and lets it die after its last attempt, keeping the error', async () => {
    const type = uniqueType('flaky');
    const startedAt: number[] = [];
    start(ctx.database, {
      [type]: async (_payload, context) => {
        startedAt.push(Date.now());
        throw new Error(`SMTP refused the message (attempt ${context.attempt})`);
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: {}, maxAttempts: 4 });
    const row = await whenStatus(id!, 'failed');
    expect(row).toMatchObject({
      attempts: 4,
      lastError: 'Error: SMTP refused the message (attempt 4)',
      leaseUntil: null,
    });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(startedAt).toHaveLength(4);
    // Base 40 ms doubling, ±20 %: at least 32, 64 and 128 ms between the attempts.
    const gaps = startedAt.slice(1).map((time, i) => time - (startedAt[i] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(32);
    expect(gaps[1]).toBeGreaterThanOrEqual(64);
    expect(gaps[2]).toBeGreaterThanOrEqual(128);
  });

  it('lets a job die at once when its handler throws a PermanentJobError', async () => {
    const type = uniqueType('permanent');
    let calls = 0;
    start(ctx.database, {
      [type]: async () => {
        calls++;
        throw new PermanentJobError('The payload has no address');
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    const row = await whenStatus(id!, 'failed');
    await pause(100);
    expect(calls).toBe(1);
    expect(row).toMatchObject({
      attempts: 1,
      maxAttempts: 25,
      lastError: 'PermanentJobError: The payload has no address',
    });
  });

  it('tries a job again no earlier than the RetryLaterError it threw says, not after its backoff', async () => {
    const type = uniqueType('later');
    const startedAt: number[] = [];
    let retryAt = 0;
    start(ctx.database, {
      [type]: async (_payload, context) => {
        startedAt.push(Date.now());
        if (context.attempt > 1) return;
        retryAt = Date.now() + 1_500;
        throw new RetryLaterError('The service said: come back in 1.5 s', new Date(retryAt));
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    const waiting = await waitFor(async () => {
      const row = await jobRow(ctx.database.db, id!);
      return row.status === 'queued' && row.attempts === 1 && row;
    });
    expect(waiting.lastError).toBe('RetryLaterError: The service said: come back in 1.5 s');
    // Not the 40 ms backoff: the time the handler gave (the database's clock is this one's).
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(retryAt - 50);
    await whenStatus(id!, 'done');
    expect(startedAt).toHaveLength(2);
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(1_450);
  });

  it('runs a job that asked to come back later (RetryLaterError) at that time, not after the backoff', async () => {
    const type = uniqueType('later');
    let calls = 0;
    start(ctx.database, {
      [type]: async () => {
        calls++;
        throw new RetryLaterError(
          'Gmail asked to wait an hour',
          new Date(Date.now() + 60 * 60 * 1000),
        );
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    const before = Date.now();
    const row = await whenStatus(id!, 'queued').then(() =>
      waitFor(async () => {
        const r = await jobRow(ctx.database.db, id!);
        return r.attempts === 1 && r.status === 'queued' && r;
      }),
    );
    // The test worker's backoff is 40 ms; the job is due in an hour.
    const due = row.runAt.getTime() - before;
    expect(due).toBeGreaterThan(59 * 60 * 1000);
    expect(due).toBeLessThan(61 * 60 * 1000);
    expect(row.lastError).toBe('RetryLaterError: Gmail asked to wait an hour');
    await pause(200);
    expect(calls).toBe(1);
  });

  it('claims only the job types it has a handler for', async () => {
    const known = uniqueType('known');
    const unknown = uniqueType('unknown');
    start(ctx.database, { [known]: async () => {} });
    const other = await enqueueJob(ctx.database.db, { type: unknown, payload: {} });
    const mine = await enqueueJob(ctx.database.db, { type: known, payload: {} });
    await whenStatus(mine!, 'done');
    await pause(100);
    expect(await jobRow(ctx.database.db, other!)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('waits in stop() for a running handler to finish', async () => {
    const type = uniqueType('stop');
    const started = gate();
    const release = gate();
    const worker = start(ctx.database, {
      [type]: async () => {
        started.open();
        await release.opened;
      },
    });
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await started.opened;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await pause(150);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect((await jobRow(ctx.database.db, id!)).status).toBe('done');

    const later = await enqueueJob(ctx.database.db, { type, payload: {} });
    await pause(150);
    expect((await jobRow(ctx.database.db, later!)).status).toBe('queued');
  });

  it('gives up in stop() on a handler that outlasts the timeout, aborting it and leaving the job to its lease', async () => {
    const type = uniqueType('stuck');
    const started = gate();
    let reason: unknown;
    const worker = start(
      ctx.database,
      {
        [type]: (_payload, { signal }) => {
          started.open();
          return new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              reason = signal.reason;
              resolve();
            });
          });
        },
      },
      { stopTimeoutMs: 100 },
    );
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await started.opened;
    const stopAt = Date.now();
    await worker.stop();
    expect(Date.now() - stopAt).toBeLessThan(1_000);
    expect(reason).toBeInstanceOf(Error);
    await pause(50);
    const row = await jobRow(ctx.database.db, id!);
    expect(row).toMatchObject({ status: 'running', lockedBy: worker.id });
    const [{ held }] = (
      await ctx.database.db.execute<{ held: boolean }>(
        sql`select lease_until > now() as held from jobs where id = ${id}`,
      )
    ).rows as [{ held: boolean }];
    expect(held).toBe(true);
  });

  it('fails a job whose payload its type refuses at once, before the handler, saying where', async () => {
    const type = uniqueType('invalid');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const handled: unknown[] = [];
    const job = defineJob({
      type,
      payload: z.object({ count: z.number().int(), to: z.email() }),
      handle: async (payload) => {
        handled.push(payload);
      },
    });
    start(ctx.database, new Map([[type, job]]), { log });
    const bad = await enqueueJob(ctx.database.db, {
      type,
      payload: { count: 'seven', to: 'secret-address' },
    });
    const good = await enqueueJob(ctx.database.db, {
      type,
      payload: { count: 7, to: 'a@example.com' },
    });

    const row = await whenStatus(bad!, 'failed');
    await whenStatus(good!, 'done');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(
      new RegExp(`^PermanentJobError: ${type} payload is invalid at count: .+; to: .+`),
    );
    expect(row.lastError).not.toContain('seven');
    expect(row.lastError).not.toContain('secret-address');
    expect(handled).toEqual([{ count: 7, to: 'a@example.com' }]);
    expect(lines.join('\n')).toContain('job failed for good');
    expect(lines.join('\n')).toContain('payload is invalid at count');
  });
});
