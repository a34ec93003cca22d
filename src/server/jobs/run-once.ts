import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { jobEffects } from '../db/schema/index.ts';
import type { JobContext } from './types.ts';

// A retry after a later failure must not send a second mail. A crash between effect and record
// still repeats it: narrow that where the service allows (a Message-ID from the job id).
export async function runOnce(
  context: Pick<JobContext, 'db' | 'jobId' | 'signal'>,
  effect: string,
  run: () => Promise<unknown>,
): Promise<boolean> {
  const { db, jobId, signal } = context;
  if (await effectDone(db, jobId, effect)) return false;
  // Lease gone: another worker may be running this job now.
  signal.throwIfAborted();
  await run();
  // Recorded even when the signal was aborted meanwhile: the effect did happen.
  await recordEffect(db, jobId, effect);
  return true;
}

export async function effectDone(db: Executor, jobId: number, effect: string): Promise<boolean> {
  const [done] = await db
    .select({ doneAt: jobEffects.doneAt })
    .from(jobEffects)
    .where(and(eq(jobEffects.jobId, jobId), eq(jobEffects.effect, effect)));
  return done !== undefined;
}

export async function recordEffect(db: Executor, jobId: number, effect: string): Promise<void> {
  await db.insert(jobEffects).values({ jobId, effect }).onConflictDoNothing();
}
