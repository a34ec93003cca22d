import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../jobs/queue.ts';
import type { Worker } from '../jobs/worker.ts';
import { createJobHandlers } from '../ops/job-handlers.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { jobRow, quietLog, testWorker, waitFor } from '../test/jobs.ts';
import { freePort, startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { enqueueMail } from './mail-job.ts';
import { temporaryPasswordMail } from './messages.ts';
import { createMailTransport } from './transport.ts';

/** Instance mail through the real queue and worker, to a real SMTP server on loopback. */

const MAIL_SECRET = Buffer.from('m'.repeat(48));
let ctx: TestContext;
let worker: Worker | undefined;
let smtp: TestSmtp | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await worker?.stop();
  await smtp?.close();
  worker = undefined;
  smtp = undefined;
});

function startMailWorker(port: number) {
  const mail = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Hourbook <no-reply@hourbook.test>',
    dataDir: '/nonexistent',
    log: quietLog,
  });
  const handlers = createJobHandlers({ db: ctx.database.db, secret: MAIL_SECRET, mail });
  return testWorker(ctx.database, handlers);
}

const queueMail = (to: string) =>
  ctx.database.db.transaction((tx) =>
    enqueueMail(tx, temporaryPasswordMail({ to, temporaryPassword: 'Tmp-4821-xyz' }), {
      enqueue: enqueueJob,
      secret: MAIL_SECRET,
    }),
  );

describe('instance mail through the job queue', () => {
  it('delivers a queued message once, and the finished job keeps nothing of it', async () => {
    smtp = await startTestSmtp();
    worker = startMailWorker(smtp.port);
    const id = await queueMail('ada@example.org');
    await waitFor(() => smtp!.received.length > 0);
    const row = await waitFor(async () => {
      const job = await jobRow(ctx.database.db, id!);
      return job.status === 'done' && job;
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcptTo).toEqual(['ada@example.org']);
    expect(smtp.received[0]?.mail.text).toContain('Tmp-4821-xyz');
    expect(JSON.stringify(row.payload)).not.toContain('Tmp-4821-xyz');
  });

  it('keeps a message while the mail server is down and delivers it once when it is back', async () => {
    const port = await freePort();
    worker = startMailWorker(port);
    const id = await queueMail('grace@example.org');
    // Down: the job fails, keeps its error (without the address) and waits for a retry.
    const failed = await waitFor(async () => {
      const job = await jobRow(ctx.database.db, id!);
      return job.attempts >= 2 && job.status === 'queued' && job;
    });
    expect(failed.lastError).toBeTruthy();
    expect(failed.lastError).not.toContain('grace@');
    smtp = await startTestSmtp({ port });
    await waitFor(async () => (await jobRow(ctx.database.db, id!)).status === 'done', 10_000);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcptTo).toEqual(['grace@example.org']);
  });
});
