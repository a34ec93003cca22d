import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.ts';

/**
 * The durable job queue's contract (docs/decisions/016-durable-jobs-and-instance-mail.md): a job is a row in `jobs`, enqueued in the
 * same transaction as the change that causes it, claimed by one worker at a time under a lease,
 * retried with backoff, and dead (status 'failed') after its last attempt.
 */

/** What a handler gets besides the payload. */
export interface JobContext {
  jobId: number;
  /** 1 for the first run. */
  attempt: number;
  db: Db;
  log: FastifyBaseLogger;
  /**
   * Aborted (reason: an Error) when the lease is lost, i.e. another worker took the job over or
   * the lease could not be extended before it ran out, and when stop() gives up waiting. Pass it
   * to fetch and friends; once aborted, start no new effect: the outcome will be dropped.
   */
  signal: AbortSignal;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** Job type → its handler. Each type's payload is parsed by its handler (with zod). */
export type JobHandlers = Record<string, JobHandler>;

/** Thrown by a handler when retrying can never help (a malformed payload): the job dies now. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Thrown by a handler when the service it called said when to come back (an HTTP Retry-After):
 * the job is tried again no earlier than `retryAt`, instead of after the usual backoff. It still
 * spends an attempt, and after the last one the job fails as with any other error.
 */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
  constructor(
    message: string,
    readonly retryAt: Date,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  /** One live (queued or running) job per key: enqueueing it again is a no-op. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}
