import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connect } from '../db/open.ts';
import { type JobContext, type NewJob, PermanentJobError } from '../jobs/types.ts';
import { freePort, startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import {
  enqueueMail,
  MAIL_SEND_JOB,
  mailSendHandler,
  mailSendJob,
  type SentRecord,
} from './mail-job.ts';
import { temporaryPasswordMail } from './messages.ts';
import { createMailTransport, MailDeliveryError, type MailTransport } from './transport.ts';

// The handler never queries; a pool that is never used opens no connection.
const database = connect('postgres://nobody@127.0.0.1:9/unused', 'external');
const lines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
const context = (jobId: number, attempt = 1): JobContext => ({
  jobId,
  attempt,
  db: database.db,
  log,
  signal: new AbortController().signal,
});

const secret = 'Pw-q8Zr4t';
const message = temporaryPasswordMail({ to: 'ann@example.org', temporaryPassword: secret });
const appSecret = Buffer.from('x'.repeat(48));
const opened = { secret: appSecret };

/** What the queue would store: enqueueMail's payload, caught on its way to the queue. */
async function queued(expiresAt?: Date) {
  const jobs: NewJob[] = [];
  const enqueue = async (_db: unknown, job: NewJob) => {
    jobs.push(job);
    return 41;
  };
  const id = await enqueueMail(database.db, message, {
    enqueue,
    secret: appSecret,
    ...(expiresAt ? { expiresAt } : {}),
  });
  expect(id).toBe(41);
  expect(jobs[0]?.type).toBe(MAIL_SEND_JOB);
  // As the worker hands it to the handler: checked by the job type's schema.
  return mailSendJob.payload.parse(jobs[0]!.payload);
}

let smtp: TestSmtp | undefined;
let transport: MailTransport | undefined;
const smtpTransport = (port: number) =>
  createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Hourbook <no-reply@hours.example.com>',
    dataDir: '/nonexistent',
    log,
  });
afterEach(async () => {
  transport?.close();
  await smtp?.close();
  smtp = transport = undefined;
  lines.length = 0;
});
afterAll(() => database.close());

describe('the mail.send job', () => {
  it('sends the queued mail with a Message-ID made from the job id and logs no address or body', async () => {
    smtp = await startTestSmtp();
    transport = smtpTransport(smtp.port);
    const payload = await queued();

    await mailSendHandler(transport, opened)(payload, context(7));

    expect(smtp.received).toHaveLength(1);
    const { mail } = smtp.received[0]!;
    expect(mail.messageId).toBe(`<job-7.${payload.key}@hours.example.com>`);
    expect(mail.subject).toBe('Your Hourbook temporary password');
    expect(mail.text).toContain(secret);
    const logged = lines.join('\n');
    expect(logged).toContain('"jobId":7');
    expect(logged).toContain('"toDomain":"example.org"');
    expect(logged).toContain(`job-7.${payload.key}@hours.example.com`);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('ann@');
  });

  it('throws a retryable error while SMTP is down, and a retry delivers exactly one message', async () => {
    const port = await freePort();
    transport = smtpTransport(port);
    const handler = mailSendHandler(transport, opened);
    const payload = await queued();

    const failure = await handler(payload, context(8)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect(failure).not.toBeInstanceOf(PermanentJobError);
    expect((failure as MailDeliveryError).permanent).toBe(false);

    smtp = await startTestSmtp({ port });
    await handler(payload, context(8, 2));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.messageId).toBe(`<job-8.${payload.key}@hours.example.com>`);
  });

  it('kills the job on a 550 rejection without naming the address or the body', async () => {
    smtp = await startTestSmtp({ refuse: () => [550, '5.1.1 <ann@example.org>: no such user'] });
    transport = smtpTransport(smtp.port);

    const failure = await mailSendHandler(transport, opened)(await queued(), context(9)).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(PermanentJobError);
    const text = String((failure as Error).message);
    expect(text).toContain('550');
    expect(text).toContain('…@example.org');
    expect(text).not.toContain('ann@');
    expect(text).not.toContain(secret);
    expect(smtp.received).toHaveLength(0);
  });

  it('leaves a 451 try-again-later to the queue to retry', async () => {
    smtp = await startTestSmtp({ refuse: () => [451, '4.3.0 try again later'] });
    transport = smtpTransport(smtp.port);

    const failure = await mailSendHandler(transport, opened)(await queued(), context(10)).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect(failure).not.toBeInstanceOf(PermanentJobError);
  });

  it('resends with the same Message-ID after a crash after sending, and not at all once recorded', async () => {
    smtp = await startTestSmtp();
    transport = smtpTransport(smtp.port);
    // The jobs side's effects record; the first write dies as the process would after SMTP's accept.
    const sent = new Map<number, string>();
    let crash = true;
    const record: SentRecord = {
      wasSent: async (jobId) => sent.has(jobId),
      markSent: async (jobId, messageId) => {
        if (crash) {
          crash = false;
          throw new Error('the process died here');
        }
        sent.set(jobId, messageId);
      },
    };
    const handler = mailSendHandler(transport, { ...opened, sent: record });
    const payload = await queued();

    await expect(handler(payload, context(11))).rejects.toThrow('the process died here');
    await handler(payload, context(11, 2));
    await handler(payload, context(11, 3));

    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received.map((r) => r.mail.messageId);
    expect(first).toBe(`<job-11.${payload.key}@hours.example.com>`);
    expect(second).toBe(first);
    expect(sent.get(11)).toBe(first);
    expect(lines.join('\n')).toContain('mail was already sent; not sending it again');
  });

  it('refuses a malformed payload by its type, before the handler (the worker checks it)', async () => {
    const payload = { ...(await queued()), to: 'not-an-address', body: 42 };

    const parsed = mailSendJob.payload.safeParse(payload);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['to', 'body']);
  });

  it('keeps the bodies sealed in the job row: no temporary password in it', async () => {
    const payload = await queued();
    expect(JSON.stringify(payload)).not.toContain(secret);
    expect(payload).not.toHaveProperty('text');
  });

  it('does not send a mail sealed under another secret, nor one past its expiry', async () => {
    smtp = await startTestSmtp();
    transport = smtpTransport(smtp.port);
    const other = mailSendHandler(transport, { secret: Buffer.from('y'.repeat(48)) });
    await expect(other(await queued(), context(13))).rejects.toBeInstanceOf(PermanentJobError);
    const stale = await queued(new Date(Date.now() - 1000));
    await mailSendHandler(transport, opened)(stale, context(14));
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses to queue a mail to an invalid address', async () => {
    const enqueue = async () => 1;
    expect(() =>
      enqueueMail(database.db, { ...message, to: 'nobody' }, { enqueue, secret: appSecret }),
    ).toThrow();
  });
});
