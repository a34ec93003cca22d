import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { DEFAULT_MAX_ATTEMPTS, jobs } from '../db/schema/index.ts';
import { notifyWorkers } from './jobs.repository.ts';
import type { JobOptions, NewJob, PayloadFor } from './types.ts';

function checkMaxAttempts(maxAttempts: number | undefined) {
  if (maxAttempts !== undefined && !(Number.isInteger(maxAttempts) && maxAttempts > 0))
    throw new RangeError('maxAttempts must be a positive whole number');
}

const liveDedupeKey = {
  target: jobs.dedupeKey,
  where: sql`${jobs.status} in ('queued', 'running')`,
};

// In the service's transaction: a rolled-back save sends no mail, a committed one always will.
export async function enqueueJob<T extends string>(
  db: Executor,
  job: NewJob<T>,
): Promise<number | undefined> {
  checkMaxAttempts(job.maxAttempts);
  const [row] = await db
    .insert(jobs)
    .values({
      type: job.type,
      payload: job.payload as Record<string, unknown>,
      dedupeKey: job.dedupeKey,
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing(liveDedupeKey)
    .returning({ id: jobs.id });
  if (!row) return undefined;
  // A job for later is found by polling; one due now wakes a worker at commit.
  if (!job.runAt || job.runAt.getTime() <= Date.now()) await notifyWorkers(db);
  return row.id;
}

export async function enqueueJobs<T extends string>(
  db: Executor,
  type: T,
  batch: readonly ({ payload: PayloadFor<T> } & Omit<JobOptions, 'runAt'>)[],
): Promise<number> {
  if (batch.length === 0) return 0;
  for (const job of batch) checkMaxAttempts(job.maxAttempts);
  // Arrays, not a VALUES list: one statement and four parameters however many jobs there are.
  const result = await db.execute(sql`
    insert into ${jobs} (type, payload, dedupe_key, max_attempts)
    select ${type}, payload, dedupe_key, coalesce(max_attempts, ${DEFAULT_MAX_ATTEMPTS}::int)
      from unnest(${sql.param(batch.map((job) => JSON.stringify(job.payload)))}::jsonb[],
                  ${sql.param(batch.map((job) => job.dedupeKey ?? null))}::text[],
                  ${sql.param(batch.map((job) => job.maxAttempts ?? null))}::int[])
           as t(payload, dedupe_key, max_attempts)
    on conflict (dedupe_key) where status in ('queued', 'running') do nothing`);
  const added = result.rowCount ?? 0;
  if (added > 0) await notifyWorkers(db);
  return added;
}
