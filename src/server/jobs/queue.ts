import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { jobs } from '../db/schema/index.ts';
import { notifyWorkers } from './jobs.repository.ts';
import type { NewJob } from './types.ts';

/**
 * Adds a job. Pass the service's transaction so the job commits (or rolls back) with the change
 * that causes it: a rolled-back save sends no mail, a committed one always will.
 * Returns the job's id, or undefined when `dedupeKey` already has a live (queued or running) job.
 */
export async function enqueueJob(db: Executor, job: NewJob): Promise<number | undefined> {
  if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts > 0))
    throw new RangeError('maxAttempts must be a positive whole number');
  const [row] = await db
    .insert(jobs)
    .values({
      type: job.type,
      payload: job.payload,
      dedupeKey: job.dedupeKey,
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      // Names the partial unique index (live jobs only) as the conflict to absorb.
      where: sql`${jobs.status} in ('queued', 'running')`,
    })
    .returning({ id: jobs.id });
  if (!row) return undefined;
  // A job for later is found by polling; one due now wakes a worker at commit.
  if (!job.runAt || job.runAt.getTime() <= Date.now()) await notifyWorkers(db);
  return row.id;
}
