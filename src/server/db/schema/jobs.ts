import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** 'failed' is a dead job: `npm run admin -- jobs retry`. */
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/** With the backoff (5 s doubling to 1 h), about 15 hours: an outage loses nothing. */
export const DEFAULT_MAX_ATTEMPTS = 25;

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatusEnum('status').notNull().default('queued'),
    /** Claims so far; a claim and its worker are named by (locked_by, attempts). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(DEFAULT_MAX_ATTEMPTS),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** One live job per key. */
    dedupeKey: text('dedupe_key'),
    ...timestamps,
  },
  (t) => [
    index('jobs_queued_run_at_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'running'`),
    index('jobs_done_finished_at_idx').on(t.finishedAt).where(sql`${t.status} = 'done'`),
    uniqueIndex('jobs_dedupe_key_unique')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export const jobEffects = pgTable(
  'job_effects',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    effect: text('effect').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.effect] })],
);
