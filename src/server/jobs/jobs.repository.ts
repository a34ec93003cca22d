import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/open.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { jobs } from '../db/schema/index.ts';

export const JOBS_CHANNEL = 'hourbook_jobs';

export interface Claim {
  id: number;
  workerId: string;
  attempt: number;
}

export interface ClaimedJob extends Claim {
  type: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  leaseMs: number;
  /** Date.now() before the claim was sent: the lease runs at most leaseMs from then. */
  claimedAt: number;
}

export const LEASE_RAN_OUT = 'The lease ran out: its worker stopped or stopped answering';

// Also reclaims running jobs whose lease ran out (their worker died); SKIP LOCKED lets workers
// claim at once without waiting for each other's rows.
export async function claimJobs(
  db: Db,
  options: {
    workerId: string;
    limit: number;
    types: string[];
    leaseMs: number;
    leaseMsByType: Record<string, number>;
  },
): Promise<ClaimedJob[]> {
  const { workerId, limit, types, leaseMs, leaseMsByType } = options;
  const claimedAt = Date.now();
  const result = await db.execute<{
    id: string;
    type: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
    lease_ms: number;
  }>(sql`
    with due as (
      select id, coalesce((${JSON.stringify(leaseMsByType)}::jsonb ->> type)::int, ${leaseMs}::int)
               as lease_ms
        from ${jobs}
       where type = any(${sql.param(types)}::text[])
         and ((status = 'queued' and run_at <= now())
           or (status = 'running' and lease_until < now()))
       -- A first Notion mirror queues thousands: everything else goes first.
       order by (type like 'notion.%'), run_at, id
       limit ${limit}
         for update skip locked
    )
    update ${jobs} as j
       set status = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
           locked_at = now(), lease_until = now() + due.lease_ms * interval '1 millisecond',
           last_error = case when j.status = 'running' then ${LEASE_RAN_OUT} else j.last_error end,
           updated_at = now()
      from due
     where j.id = due.id
    returning j.id, j.type, j.payload, j.attempts, j.max_attempts, due.lease_ms`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    workerId,
    attempt: row.attempts,
    type: row.type,
    payload: row.payload,
    maxAttempts: row.max_attempts,
    leaseMs: row.lease_ms,
    claimedAt,
  }));
}

// Not a claim whose lease was taken over.
const held = (claim: Claim) =>
  and(
    eq(jobs.id, claim.id),
    eq(jobs.lockedBy, claim.workerId),
    eq(jobs.attempts, claim.attempt),
    eq(jobs.status, 'running'),
  );

const fromNow = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

export async function extendLease(db: Db, claim: Claim, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: fromNow(leaseMs) })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export type Outcome =
  | { status: 'done' }
  | { status: 'queued'; delayMs: number; error: string }
  | { status: 'failed'; error: string };

export async function finishJob(db: Db, claim: Claim, outcome: Outcome): Promise<boolean> {
  const set =
    outcome.status === 'done'
      ? // A finished job keeps no payload: it may hold a secret (a temporary password).
        { status: 'done' as const, finishedAt: sql`now()`, leaseUntil: null, payload: {} }
      : outcome.status === 'queued'
        ? {
            status: 'queued' as const,
            runAt: fromNow(outcome.delayMs),
            lastError: outcome.error,
            lockedBy: null,
            leaseUntil: null,
          }
        : {
            status: 'failed' as const,
            finishedAt: sql`now()`,
            lastError: outcome.error,
            leaseUntil: null,
          };
  const rows = await db.update(jobs).set(set).where(held(claim)).returning({ id: jobs.id });
  return rows.length > 0;
}

// Inside a transaction it is sent at commit, or not at all.
export async function notifyWorkers(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

export async function sweepDoneJobs(db: Db, days: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${jobs} where id in (
      select id from ${jobs}
       where status = 'done' and finished_at < now() - ${days} * interval '1 day'
       limit 1000)`);
  return result.rowCount ?? 0;
}

// Never payloads: they may hold secrets.
export async function listOpenJobs(db: Db, limit = 100) {
  return db
    .select({
      id: jobs.id,
      type: jobs.type,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      runAt: jobs.runAt,
      due: sql<boolean>`${jobs.runAt} <= now()`,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(sql`${jobs.status} <> 'done'`)
    .orderBy(sql`${jobs.status} <> 'failed'`, asc(jobs.runAt), asc(jobs.id))
    .limit(limit);
}

export type RetryResult = 'requeued' | 'missing' | 'not_dead' | 'duplicate';

// Attempts keep counting (a claim is named by its attempt number); the budget grows instead.
export async function retryDeadJob(db: Db, id: number): Promise<RetryResult> {
  try {
    const rows = await db
      .update(jobs)
      .set({
        status: 'queued',
        maxAttempts: sql`${jobs.attempts} + ${jobs.maxAttempts}`,
        runAt: sql`now()`,
        finishedAt: null,
        lockedBy: null,
        leaseUntil: null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
      .returning({ id: jobs.id });
    if (rows.length > 0) {
      await notifyWorkers(db);
      return 'requeued';
    }
  } catch (error) {
    // A new job with the same dedupe key was enqueued after this one died.
    if (isUniqueViolation(error, 'jobs_dedupe_key_unique')) return 'duplicate';
    throw error;
  }
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  return row ? 'not_dead' : 'missing';
}
