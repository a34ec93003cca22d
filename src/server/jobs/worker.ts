import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { loggableError } from '../db/loggable-error.ts';
import type { Database } from '../db/open.ts';
import { type Backoff, DEFAULT_BACKOFF, errorSummary, retryDelayMs } from './backoff.ts';
import {
  type ClaimedJob,
  claimJobs,
  finishJob,
  LEASE_RAN_OUT,
  type Outcome,
  sweepDoneJobs,
} from './jobs.repository.ts';
import { holdLease } from './lease.ts';
import { listenForJobs } from './listener.ts';
import { type JobRegistry, PermanentJobError, RetryLaterError } from './types.ts';

export interface WorkerOptions {
  database: Pick<Database, 'db' | 'url'>;
  jobs: JobRegistry;
  log: FastifyBaseLogger;
  workerId?: string;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  leaseMsByType?: Record<string, number>;
  backoff?: Backoff;
  /** Above the SMTP timeout (30 s): a slow send is recorded, not resent by another worker. */
  stopTimeoutMs?: number;
  listen?: boolean;
  keepDoneDays?: number;
}

export interface Worker {
  id: string;
  stop(): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export function startWorker(options: WorkerOptions): Worker {
  const { database, jobs, concurrency = 2, pollMs = 1_000, leaseMs = 60_000 } = options;
  const { backoff = DEFAULT_BACKOFF, stopTimeoutMs = 40_000, keepDoneDays = 14 } = options;
  const { db } = database;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = options.log.child({ worker: id });
  const types = [...jobs.keys()];
  const running = new Map<Promise<void>, AbortController>();
  let stopping = false;
  let abandoned = false;

  // `pending` keeps a wake-up that arrives while the loop is claiming, so it is not slept through.
  let pending = false;
  let wakeSleeper: (() => void) | undefined;
  const wake = () => {
    pending = true;
    wakeSleeper?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });

  const attempt = async (job: ClaimedJob, signal: AbortSignal): Promise<Outcome> => {
    // Its last attempt's worker died mid-run: no attempt is left to give it.
    if (job.attempt > job.maxAttempts) return { status: 'failed', error: LEASE_RAN_OUT };
    const definition = jobs.get(job.type);
    const jobLog = log.child({ job: job.id, type: job.type, attempt: job.attempt });
    try {
      if (!definition) throw new PermanentJobError(`No handler for jobs of type ${job.type}`);
      const parsed = definition.payload.safeParse(job.payload);
      // No retry can mend a payload; the error names where, never its values.
      if (!parsed.success) throw new PermanentJobError(invalidPayload(job.type, parsed.error));
      const context = { jobId: job.id, attempt: job.attempt, db, log: jobLog, signal };
      await untilAborted(definition.handle(parsed.data, context), signal);
      return { status: 'done' };
    } catch (error) {
      const summary = errorSummary(error);
      if (error instanceof PermanentJobError || job.attempt >= job.maxAttempts) {
        jobLog.error({ err: loggableError(error) }, 'job failed for good');
        return { status: 'failed', error: summary };
      }
      jobLog.warn({ err: loggableError(error) }, 'job failed; it will be retried');
      const delayMs =
        error instanceof RetryLaterError
          ? Math.max(0, error.retryAt.getTime() - Date.now())
          : retryDelayMs(job.attempt, backoff);
      return { status: 'queued', delayMs, error: summary };
    }
  };

  const run = async (job: ClaimedJob, controller: AbortController) => {
    const releaseLease = holdLease(db, job, controller);
    try {
      const outcome = await attempt(job, controller.signal);
      releaseLease();
      // stop() gave up on it and the pool may be closing: its lease will run out instead.
      if (abandoned) return;
      if (!(await finishJob(db, job, outcome)))
        log.info({ job: job.id }, 'job was taken over by another worker; this outcome is dropped');
    } catch (err) {
      log.error({ err: loggableError(err), job: job.id }, 'could not record how a job ended');
    } finally {
      releaseLease();
    }
  };

  let claimFailing = false;
  let nextSweep = Date.now() + SWEEP_EVERY_MS;
  const loop = async () => {
    while (!stopping) {
      pending = false;
      const free = concurrency - running.size;
      if (free > 0 && types.length > 0) {
        try {
          const claimed = await claimJobs(db, {
            workerId: id,
            limit: free,
            types,
            leaseMs,
            leaseMsByType: options.leaseMsByType ?? {},
          });
          claimFailing = false;
          for (const job of claimed) {
            const controller = new AbortController();
            const task = run(job, controller).finally(() => {
              running.delete(task);
              wake();
            });
            running.set(task, controller);
          }
        } catch (err) {
          if (!claimFailing) log.warn({ err: loggableError(err) }, 'could not claim jobs');
          claimFailing = true;
        }
      }
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + SWEEP_EVERY_MS;
        sweepDoneJobs(db, keepDoneDays).catch((err) =>
          log.warn({ err: loggableError(err) }, 'could not delete old done jobs'),
        );
      }
      if (!stopping) await sleep(pollMs);
    }
  };

  const listener = options.listen === false ? undefined : listenForJobs(database.url, wake, log);
  const looping = loop();
  return {
    id,
    async stop() {
      stopping = true;
      wake();
      await looping;
      await listener?.close();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), stopTimeoutMs);
      });
      const result = await Promise.race([Promise.all(running.keys()), timedOut]);
      clearTimeout(timer);
      if (result === 'timeout' && running.size > 0) {
        abandoned = true;
        log.warn(
          { jobs: running.size },
          'stopped with jobs still running; their leases will run out',
        );
        for (const controller of running.values())
          controller.abort(new Error('The worker stopped'));
      }
    },
  };
}

function invalidPayload(type: string, error: z.ZodError): string {
  const where = error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return `${type} payload is invalid at ${[...new Set(where)].join('; ')}`;
}

// A stuck handler frees its slot once aborted.
function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
