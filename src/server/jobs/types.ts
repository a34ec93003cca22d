import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/open.ts';

// Durable jobs: docs/decisions/016-durable-jobs-and-instance-mail.md.

export interface JobContext {
  jobId: number;
  /** 1 for the first run. */
  attempt: number;
  db: Db;
  log: FastifyBaseLogger;
  /** Aborted when the lease is lost or stop() gives up: start no new effect after that. */
  signal: AbortSignal;
}

export type JobHandler<P = Record<string, unknown>> = (
  payload: P,
  context: JobContext,
) => Promise<void>;

export interface JobType<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  payload: S;
}

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

// Features merge their types in, so a wrong payload does not compile yet this floor imports none.
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface JobPayloads {}

export type PayloadsOf<L extends readonly JobType[]> = {
  [J in L[number] as J['type']]: z.input<J['payload']>;
};

// Unknown types (tests' own) take any object.
export type PayloadFor<T extends string> = T extends keyof JobPayloads
  ? JobPayloads[T]
  : Record<string, unknown>;

export type JobRegistry = ReadonlyMap<string, JobDefinition>;

export class MissingJobHandlerError extends Error {
  override name = 'MissingJobHandlerError';
}

// One definition per claimed type: a deployment never starts with jobs left queued for good.
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

/** A Retry-After from the called service: no retry before `retryAt`; it still spends an attempt. */
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
