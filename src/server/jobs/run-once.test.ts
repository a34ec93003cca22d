import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobEffects } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { jobRow, testWorker, uniqueType, waitFor } from '../test/jobs.ts';
import { enqueueJob } from './queue.ts';
import { runOnce } from './run-once.ts';
import type { Worker } from './worker.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
const whenDone = (id: number) =>
  waitFor(async () => (await jobRow(ctx.database.db, id)).status === 'done');

describe('runOnce', () => {
  it('skips an effect an earlier attempt of the job already did', async () => {
    const type = uniqueType('mail');
    let sent = 0;
    workers.push(
      testWorker(ctx.database, {
        [type]: async (_payload, context) => {
          await runOnce(context, 'send', async () => {
            sent++;
          });
          // Something after the send fails: the job is retried, the mail is not sent again.
          if (context.attempt === 1) throw new Error('recording the send failed');
        },
      }),
    );
    const id = await enqueueJob(ctx.database.db, { type, payload: {} });
    await whenDone(id!);
    expect(sent).toBe(1);
    expect((await jobRow(ctx.database.db, id!)).attempts).toBe(2);
    const effects = await ctx.database.db
      .select({ effect: jobEffects.effect })
      .from(jobEffects)
      .where(eq(jobEffects.jobId, id!));
    expect(effects).toEqual([{ effect: 'send' }]);
  });

  it('runs each named effect of each job once', async () => {
    const type = uniqueType('two-effects');
    const done: string[] = [];
    workers.push(
      testWorker(ctx.database, {
        [type]: async (payload, context) => {
          for (const effect of ['page', 'mail'])
            await runOnce(context, effect, async () => void done.push(`${payload.n}:${effect}`));
        },
      }),
    );
    const first = await enqueueJob(ctx.database.db, { type, payload: { n: 1 } });
    const second = await enqueueJob(ctx.database.db, { type, payload: { n: 2 } });
    await whenDone(first!);
    await whenDone(second!);
    expect(done.sort()).toEqual(['1:mail', '1:page', '2:mail', '2:page']);
  });

  it('starts no effect once the job’s signal is aborted', async () => {
    const id = await enqueueJob(ctx.database.db, { type: uniqueType('aborted'), payload: {} });
    let ran = false;
    await expect(
      runOnce(
        { db: ctx.database.db, jobId: id!, signal: AbortSignal.abort(new Error('lease lost')) },
        'send',
        async () => {
          ran = true;
        },
      ),
    ).rejects.toThrow('lease lost');
    expect(ran).toBe(false);
  });
});
