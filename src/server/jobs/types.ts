import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
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

export type JobHandler<P = Record<string, unknown>> = (
  payload: P,
  context: JobContext,
) => Promise<void>;

/** A job type: its name and the schema its payload must pass, on enqueue's type and in the worker. */
export interface JobType<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  payload: S;
}

/** A job type with its handler, which gets the payload as the schema parsed it. */
export interface JobDefinition<T extends string = string, S extends z.ZodType = z.ZodType>
  extends JobType<T, S> {
  handle: JobHandler<z.output<S>>;
}

export function jobType<const T extends string, S extends z.ZodType>(
  type: T,
  payload: S,
): JobType<T, S> {
  return { type, payload };
}

export function defineJob<const T extends string, S extends z.ZodType>(
  definition: JobDefinition<T, S>,
): JobDefinition {
  return definition as unknown as JobDefinition;
}

/**
 * Job type → what `enqueueJob` takes as its payload. Each feature adds its own types
 * (`declare module '.../jobs/types.ts'`), so enqueueing a known type with a wrong payload does
 * not compile, while this floor imports no feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface JobPayloads {}

/** The payloads of a list of job types, for a feature's `JobPayloads` entry. */
export type PayloadsOf<L extends readonly JobType[]> = {
  [J in L[number] as J['type']]: z.input<J['payload']>;
};

/** A known type's payload; any object for the rest (tests' own types). */
export type PayloadFor<T extends string> = T extends keyof JobPayloads
  ? JobPayloads[T]
  : Record<string, unknown>;

/** Job type → its definition: what a worker claims and runs. */
export type JobRegistry = ReadonlyMap<string, JobDefinition>;

/** A job type the worker is to claim has no handler in this build: start-up stops. */
export class MissingJobHandlerError extends Error {
  override name = 'MissingJobHandlerError';
}

/**
 * The worker's registry: every claimed type must have exactly one definition, and only claimed
 * types are run, so a deployment never starts with jobs it would leave queued for good.
 */
export function jobRegistry(
  claimed: readonly JobType[],
  definitions: readonly JobDefinition[],
): JobRegistry {
  const byType = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type))
      throw new Error(`Two handlers for jobs of type ${definition.type}`);
    byType.set(definition.type, definition);
  }
  const missing = claimed.filter((job) => !byType.has(job.type)).map((job) => job.type);
  if (missing.length > 0)
    throw new MissingJobHandlerError(`No handler for jobs of type ${missing.join(', ')}`);
  const unclaimed = [...byType.keys()].filter((type) => !claimed.some((j) => j.type === type));
  if (unclaimed.length > 0)
    throw new Error(`Handlers for job types no worker claims: ${unclaimed.join(', ')}`);
  return byType;
}

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

export interface JobOptions {
  /** One live (queued or running) job per key: enqueueing it again is a no-op. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export type NewJob<T extends string = string> = { type: T; payload: PayloadFor<T> } & JobOptions;
