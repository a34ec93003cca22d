import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import type { Database, Db } from '../db/open.ts';
import { jobs } from '../db/schema/index.ts';
import { defineJob, type JobHandler, type JobRegistry } from '../jobs/types.ts';
import { startWorker, type Worker, type WorkerOptions } from '../jobs/worker.ts';

/** Helpers for the jobs tests (no test runner imports, so they stay plain code). */

export const quietLog = pino({ level: 'silent' });

/** A job type no other test in the file uses, so one test's workers never run another's jobs. */
export const uniqueType = (name: string) => `test.${name}.${randomBytes(3).toString('hex')}`;

/** Fast settings: the suite waits milliseconds where production waits seconds. */
export function testWorker(
  database: Database,
  handlers: Record<string, JobHandler> | JobRegistry,
  options: Partial<WorkerOptions> = {},
): Worker {
  return startWorker({
    database,
    jobs: isRegistry(handlers) ? handlers : testJobs(handlers),
    log: quietLog,
    pollMs: 20,
    leaseMs: 600,
    backoff: { baseMs: 40, maxMs: 2_000 },
    stopTimeoutMs: 2_000,
    ...options,
  });
}

/** Test types with a bare handler: any object payload passes. */
export function testJobs(handlers: Record<string, JobHandler>): JobRegistry {
  const payload = z.record(z.string(), z.unknown());
  return new Map(
    Object.entries(handlers).map(([type, handle]) => [type, defineJob({ type, payload, handle })]),
  );
}

const isRegistry = (handlers: Record<string, JobHandler> | JobRegistry): handlers is JobRegistry =>
  handlers instanceof Map;

export async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** Polls `check` until it returns something other than undefined or false. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms in vain`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A promise the test opens when it wants a handler to go on. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
