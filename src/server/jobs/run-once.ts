import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { jobEffects } from '../db/schema/index.ts';
import type { JobContext } from './types.ts';

/**
 * Runs `effect` unless an earlier attempt of this job already did it, then records it in
 * `job_effects`. A job is retried when anything after its effect fails (a later step, recording
 * the outcome, a lost lease), and the retry must not send a second mail or create a second page.
 *
 * A handler wraps each outside effect that must not happen twice, naming it within the job:
 *
 *   const sendMail: JobHandler = async (payload, context) => {
 *     const message = mailPayload.parse(payload); // a bad payload: throw PermanentJobError
 *     await runOnce(context, 'send', () => transport.sendMail({ ...message, messageId }));
 *   };
 *
 * Effects are named per job, so a job enqueued anew (a second reset mail) runs again; the
 * enqueuer's dedupe key is what keeps two live jobs from being enqueued for one cause.
 * Exactly once is impossible with an outside service: if the process dies after the effect and
 * before it is recorded, the retry does it again. Narrow that further where the service allows,
 * e.g. a Message-ID made from the job id (a duplicate mail is then recognisable), or a Notion
 * page id stored on the work log and looked for before creating one.
 *
 * Returns true when the effect ran now, false when it had already been done.
 */
export async function runOnce(
  context: Pick<JobContext, 'db' | 'jobId' | 'signal'>,
  effect: string,
  run: () => Promise<unknown>,
): Promise<boolean> {
  const { db, jobId, signal } = context;
  if (await effectDone(db, jobId, effect)) return false;
  // The lease is gone: another worker may be running this job now. Start nothing new.
  signal.throwIfAborted();
  await run();
  // Recorded even when the signal was aborted meanwhile: the effect did happen.
  await recordEffect(db, jobId, effect);
  return true;
}

/** runOnce's two halves, for a handler that checks and records on its own terms. */
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
