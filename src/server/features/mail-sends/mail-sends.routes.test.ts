import { type AddressInfo, createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gmailTokens, mailSends, timesheets } from '../../db/schema/index.ts';
import { PermanentJobError, RetryLaterError } from '../../jobs/types.ts';
import type { Worker } from '../../jobs/worker.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import {
  connectGmail,
  gmailJobHandlers,
  startTestGmailApi,
  startTestOAuth,
  TEST_GMAIL_ADDRESS,
  type TestGmailApi,
  type TestOAuth,
  testGmailConfig,
} from '../../test/gmail.ts';
import { quietLog, testWorker, waitFor } from '../../test/jobs.ts';
import { BOUNDARY, MULTIPART_TYPE, multipartBody, type Part } from '../../test/profile-images.ts';
import { GMAIL_SEND_ATTEMPTS } from './mail-sends.service.ts';

let oauth: TestOAuth;
let gmail: TestGmailApi;
let ctx: TestContext;
let alice: Session;
let bob: Session;
let timesheetId: number;
let documentBytes: Buffer;
let worker: Worker | undefined;

beforeAll(async () => {
  oauth = await startTestOAuth();
  gmail = await startTestGmailApi();
  ctx = await createTestApp({ gmail: testGmailConfig(oauth, gmail) });
  alice = await signUp(ctx.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signUp(ctx.app);
  await connectGmail(ctx.app, alice);
  const employer = await addEmployer(ctx.app, alice, {
    name: 'Riverside Clinic',
    hourlyRate: '25',
  });
  await addWorkLog(ctx.app, alice, {
    employerId: employer.id,
    date: '2026-10-05',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
  const generated = await callApi(ctx.app, 'POST', '/api/timesheets/generate', alice, {
    employerId: employer.id,
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    format: 'pdf',
  });
  timesheetId = generated.json().timesheet.id;
  const download = await ctx.app.inject({
    url: generated.json().downloadUrl,
    headers: { cookie: alice.cookie },
  });
  documentBytes = download.rawPayload;
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await gmail.close();
  await oauth.close();
});

const startWorker = () => {
  worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth, gmail));
};

const draft = {
  to: 'payroll@riverside.test',
  subject: 'Timesheet: Riverside Clinic October 2026',
  body: 'Hello,\n\nPlease find my timesheet attached.\n\nAlice',
};

const send = (who: Session | undefined, body: object) =>
  callApi(ctx.app, 'POST', '/api/send-email-gmail', who, body);

const sendForm = (who: Session, parts: Part[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/send-email-gmail',
    headers: { cookie: who.cookie, 'content-type': MULTIPART_TYPE },
    payload: multipartBody(parts),
  });

const textParts = (fields: Record<string, string>): Part[] =>
  Object.entries(fields).map(([name, data]) => ({ name, data }));

async function settled(who: Session, id: number) {
  return waitFor(async () => {
    const res = await callApi(ctx.app, 'GET', `/api/send-email-gmail/${id}`, who);
    const body = res.json();
    return body.status !== 'queued' && body;
  }, 10_000);
}

describe('POST /api/send-email-gmail with a generated timesheet', () => {
  it('queues it, sends one MIME message through Gmail, and marks the timesheet sent', async () => {
    const before = gmail.calls.length;
    const res = await send(alice, { ...draft, timesheetId });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'queued',
      to: 'payroll@riverside.test',
      subject: draft.subject,
      attachmentName: 'timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf',
      timesheetId,
      sentAt: null,
    });
    startWorker();
    const done = await settled(alice, res.json().id);
    expect(done).toMatchObject({ status: 'sent', error: null });
    expect(gmail.calls.length).toBe(before + 1);
    const call = gmail.calls.at(-1);
    expect(call?.contentType).toBe('message/rfc822');
    expect(call?.authorization).toMatch(/^Bearer \S{20,}$/);
    const [mail] = (await gmail.accepted()).slice(-1);
    expect(mail?.to).toMatchObject({ text: 'payroll@riverside.test' });
    expect(mail?.from?.value[0]).toEqual({ name: 'Alice Archer', address: TEST_GMAIL_ADDRESS });
    expect(mail?.subject).toBe(draft.subject);
    expect(mail?.text?.trim()).toBe(draft.body);
    expect(mail?.messageId).toMatch(/^<hourbook-[0-9a-f]{24}@hourbook\.local>$/);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment?.filename).toBe('timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.equals(documentBytes)).toBe(true);

    const list = await callApi(ctx.app, 'GET', '/api/timesheets', alice);
    const sheet = list.json().items.find((t: { id: number }) => t.id === timesheetId);
    expect(sheet).toMatchObject({ status: 'sent', sentTo: 'payroll@riverside.test' });
    expect(Date.parse(sheet.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    // What the history keeps: no body, no bytes.
    const [row] = await ctx.database.db
      .select()
      .from(mailSends)
      .where(eq(mailSends.id, res.json().id));
    expect(row?.bodySealed).toBeNull();
  });

  it('names the attachment as asked, keeping its extension, and sends to several people', async () => {
    const res = await send(alice, {
      ...draft,
      to: 'a@riverside.test, b@riverside.test; a@riverside.test',
      timesheetId,
      attachmentName: '../October hours',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      to: 'a@riverside.test, b@riverside.test',
      attachmentName: 'October hours.pdf',
    });
    startWorker();
    await settled(alice, res.json().id);
    const [mail] = (await gmail.accepted()).slice(-1);
    expect(mail?.attachments[0]?.filename).toBe('October hours.pdf');
    const to = Array.isArray(mail?.to) ? mail?.to : [mail?.to];
    expect(to.flatMap((t) => t?.value.map((v) => v.address))).toEqual([
      'a@riverside.test',
      'b@riverside.test',
    ]);
  });

  it('keeps attachment names to one clean line, and never to nothing but an extension', async () => {
    const named = async (attachmentName: string) =>
      (await send(alice, { ...draft, timesheetId, attachmentName })).json().attachmentName;
    expect(await named('x"\r\nBcc: evil@example.org\t.pdf')).toBe('x"Bcc: evil@example.org.pdf');
    expect(await named('/')).toBe('timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf');
    expect(await named('../../.pdf')).toBe(
      'timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf',
    );
    const upload = await sendForm(alice, [
      ...textParts(draft),
      { name: 'attachment', filename: '../../.csv', contentType: 'text/csv', data: 'a,b\n1,2\n' },
    ]);
    expect(upload.json().attachmentName).toBe('attachment.csv');
  });

  it("answers 404 for another user's timesheet, exactly like a missing one, and stores nothing", async () => {
    const count = async () => (await ctx.database.db.select().from(mailSends)).length;
    const before = await count();
    await connectGmail(ctx.app, bob);
    const theirs = await send(bob, { ...draft, timesheetId });
    const missing = await send(bob, { ...draft, timesheetId: 2_000_000_000 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(await count()).toBe(before);
    // And a send of Alice's is not Bob's to read.
    const mine = await send(alice, { ...draft, timesheetId });
    const peek = await callApi(ctx.app, 'GET', `/api/send-email-gmail/${mine.json().id}`, bob);
    expect(peek.statusCode).toBe(404);
    const nothing = await callApi(ctx.app, 'GET', '/api/send-email-gmail/2000000000', bob);
    expect(peek.json()).toEqual(nothing.json());
  });

  it('gives the form rules’ messages and changes nothing for a bad draft', async () => {
    const cases: [object, string, string][] = [
      [{ ...draft, to: '' }, 'to', 'Please enter a recipient'],
      [
        { ...draft, to: 'not-an-address' },
        'to',
        'Please enter a valid email address: not-an-address',
      ],
      [{ ...draft, subject: '   ' }, 'subject', 'Please enter a subject'],
      [
        { ...draft, subject: 'Hi\r\nBcc: everyone@x.test' },
        'subject',
        'Subject must be one line of text',
      ],
      [
        { ...draft, timesheetId: 'abc' },
        'timesheetId',
        'Please choose a generated timesheet to attach',
      ],
      [{ ...draft, body: 'x'.repeat(20_001) }, 'body', 'Message must be at most 20,000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(alice, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await send(undefined, draft)).statusCode).toBe(401);
    expect((await callApi(ctx.app, 'GET', '/api/send-email-gmail/1')).statusCode).toBe(401);
    expect((await callApi(ctx.app, 'GET', '/api/send-email-gmail/0', alice)).statusCode).toBe(400);
  });

  it("says 'Gmail not authorized' when the mailbox is not connected or needs a reconnect", async () => {
    const carol = await signUp(ctx.app);
    const res = await send(carol, { ...draft, timesheetId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'gmail_not_authorized' });
    expect(res.json().message).toContain('Gmail not authorized');
    await connectGmail(ctx.app, carol);
    await ctx.database.db
      .update(gmailTokens)
      .set({ needsReauth: true })
      .where(eq(gmailTokens.userId, carol.userId));
    expect((await send(carol, draft)).statusCode).toBe(409);
  });
});

describe('odd and parallel input', () => {
  it('a burst of 25 parallel sends: 20 queued, the rest 429 with Retry-After, never a 5xx', async () => {
    const eve = await signUp(ctx.app);
    await connectGmail(ctx.app, eve);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => send(eve, { ...draft, subject: `Burst ${i}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)?.headers['retry-after']).toMatch(/^\d+$/);
    const rows = await ctx.database.db
      .select()
      .from(mailSends)
      .where(eq(mailSends.userId, eve.userId));
    expect(rows).toHaveLength(20);
  });

  it('answers 400, changing nothing, for huge ids, NUL bytes and the wrong shapes', async () => {
    const count = async () => (await ctx.database.db.select().from(mailSends)).length;
    const before = await count();
    for (const body of [
      { ...draft, timesheetId: 99_999_999_999 },
      { ...draft, subject: 'a\u0000b' },
      { ...draft, to: ['payroll@riverside.test'] },
      { ...draft, body: { text: 'x' } },
      [draft],
    ]) {
      const res = await send(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const id of ['99999999999', '-1', '1e3', 'abc']) {
      expect((await callApi(ctx.app, 'GET', `/api/send-email-gmail/${id}`, alice)).statusCode).toBe(
        400,
      );
    }
    expect(await count()).toBe(before);
  });
});

describe('POST /api/send-email-gmail with a file', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 65)]);

  it('sends an uploaded PDF or CSV as its attachment', async () => {
    const res = await sendForm(alice, [
      ...textParts(draft),
      {
        name: 'attachment',
        filename: 'C:\\Users\\alice\\hours.pdf',
        contentType: 'application/pdf',
        data: pdf,
      },
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ attachmentName: 'hours.pdf', timesheetId: null });
    const csv = await sendForm(alice, [
      ...textParts(draft),
      {
        name: 'attachment',
        filename: 'hours.csv',
        contentType: 'text/csv',
        data: '\uFEFFDate,Hours\n2026-10-05,7.5\n',
      },
    ]);
    expect(csv.statusCode).toBe(202);
    startWorker();
    await settled(alice, res.json().id);
    await settled(alice, csv.json().id);
    const files = (await gmail.accepted()).map((m) => m.attachments[0]);
    const byName = new Map(files.map((f) => [f?.filename, f]));
    expect(byName.get('hours.pdf')?.content.equals(pdf)).toBe(true);
    expect(byName.get('hours.pdf')?.contentType).toBe('application/pdf');
    expect(byName.get('hours.csv')?.contentType).toMatch(/^text\/csv/);
    expect(byName.get('hours.csv')?.content.toString('utf8')).toContain('2026-10-05,7.5');
  });

  it("refuses another type or a file of 10 MB with the product's words, storing nothing", async () => {
    const count = async () => (await ctx.database.db.select().from(mailSends)).length;
    const before = await count();
    const refusals: [Part, number, string][] = [
      [
        {
          name: 'attachment',
          filename: 'photo.png',
          contentType: 'image/png',
          data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        },
        400,
        'Please select a PDF or CSV file.',
      ],
      [
        {
          name: 'attachment',
          filename: 'fake.pdf',
          contentType: 'application/pdf',
          data: 'just text',
        },
        400,
        'Please select a PDF or CSV file.',
      ],
      [
        {
          name: 'attachment',
          filename: 'binary.csv',
          contentType: 'text/csv',
          data: Buffer.from([0x00, 0xff, 0xfe]),
        },
        400,
        'Please select a PDF or CSV file.',
      ],
      [
        {
          name: 'attachment',
          filename: 'big.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024 - 5)]),
        },
        413,
        'Please select a file smaller than 10MB.',
      ],
      [
        {
          name: 'attachment',
          filename: 'huge.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(12 * 1024 * 1024)]),
        },
        413,
        'Please select a file smaller than 10MB.',
      ],
    ];
    for (const [part, statusCode, message] of refusals) {
      const res = await sendForm(alice, [...textParts(draft), part]);
      expect(res.statusCode, part.filename).toBe(statusCode);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('attachment names and the raw message', () => {
  /** A multipart body with the file part's Content-Disposition written out as given. */
  const rawForm = (disposition: string, data: string) =>
    Buffer.concat([
      multipartBody(textParts({ ...draft, subject: 'Encoded name' })).subarray(
        0,
        -`--${BOUNDARY}--\r\n`.length,
      ),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; ${disposition}\r\n` +
          `Content-Type: application/pdf\r\n\r\n${data}\r\n--${BOUNDARY}--\r\n`,
      ),
    ]);

  it('refuses, naming the file, an attachment whose encoded name holds a line break', async () => {
    const count = async () => (await ctx.database.db.select().from(mailSends)).length;
    const before = await count();
    const cases: [string, string][] = [
      // RFC 5987 / 7578: the name percent-encoded; the multipart parser would drop the part.
      [`filename*=utf-8''evil%0D%0ABcc%3A x.pdf`, 'evil Bcc: x.pdf'],
      [`filename*=UTF-8''report%0A.pdf`, 'report .pdf'],
      // RFC 2047 encoded-word: a mail program decodes it into "evil\r\n.pdf".
      ['filename="=?utf-8?B?ZXZpbA0KLnBkZg==?="', 'evil .pdf'],
      ['filename="=?utf-8?Q?evil=0D=0A.pdf?="', 'evil .pdf'],
    ];
    for (const [disposition, shown] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/send-email-gmail',
        headers: { cookie: alice.cookie, 'content-type': MULTIPART_TYPE },
        payload: rawForm(disposition, '%PDF-1.7 hours'),
      });
      expect(res.statusCode, disposition).toBe(400);
      expect(res.json().message).toBe(
        `The file name "${shown}" contains a line break. Please rename the file and choose it again.`,
      );
      expect(res.json().errors.attachment).toBe(res.json().message);
    }
    const named = await send(alice, {
      ...draft,
      timesheetId,
      attachmentName: '=?utf-8?B?ZXZpbA0KLnBkZg==?=',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.attachmentName).toContain('"evil .pdf" contains a line break');
    expect(await count()).toBe(before);
    // A plain encoded name is fine.
    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/api/send-email-gmail',
      headers: { cookie: alice.cookie, 'content-type': MULTIPART_TYPE },
      payload: rawForm(`filename*=utf-8''Stunden%20M%C3%A4rz.pdf`, '%PDF-1.7 hours'),
    });
    expect(fine.statusCode).toBe(202);
    expect(fine.json().attachmentName).toBe('Stunden März.pdf');
  });

  it('sends a CSV as text/csv; charset=utf-8, and every line of the message ends in CRLF', async () => {
    const res = await sendForm(alice, [
      ...textParts({
        ...draft,
        subject: 'Line endings',
        body: 'Hello,\n\nUnix line.\rOld Mac line.\r\nWindows line.\n– Zoë',
      }),
      {
        name: 'attachment',
        filename: 'hours.csv',
        contentType: 'text/csv',
        data: 'Name,Hours\nZoë Ångström,7.5\n',
      },
    ]);
    expect(res.statusCode).toBe(202);
    startWorker();
    expect(await settled(alice, res.json().id)).toMatchObject({ status: 'sent' });
    const call = gmail.calls.find(
      (c) => c.status === 200 && c.raw.includes('Subject: Line endings\r\n'),
    );
    const raw = call?.raw.toString('latin1') ?? '';
    expect(raw.length).toBeGreaterThan(100);
    // No CR without LF after it, no LF without CR before it.
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw).toMatch(/\r\nContent-Type: text\/csv; charset=utf-8; name=hours\.csv\r\n/);
    const mail = await simpleParser(call?.raw ?? '');
    expect(mail.text?.trim()).toBe('Hello,\n\nUnix line.\nOld Mac line.\nWindows line.\n– Zoë');
    expect(mail.attachments[0]?.content.toString('utf8')).toBe('Name,Hours\nZoë Ångström,7.5\n');
  });
});

describe('the gmail.send job', () => {
  it('rides out a Gmail outage and rate limit: the message arrives once', async () => {
    const accepted = (await gmail.accepted()).length;
    gmail.failNext(503, 2, 'Backend Error');
    gmail.failNext(429, 1, 'Rate Limit Exceeded');
    const res = await send(alice, { ...draft, subject: 'Through an outage', timesheetId });
    startWorker();
    // While it retries, the send says why it waits.
    const waiting = await waitFor(async () => {
      const body = (
        await callApi(ctx.app, 'GET', `/api/send-email-gmail/${res.json().id}`, alice)
      ).json();
      return body.error ? body : undefined;
    });
    expect(waiting.status).toBe('queued');
    expect(waiting.error).toMatch(
      /^(Gmail could not be reached; trying again\.|Gmail asked to slow down)/,
    );
    const done = await settled(alice, res.json().id);
    expect(done).toMatchObject({ status: 'sent', error: null });
    const mails = await gmail.accepted();
    expect(mails.length).toBe(accepted + 1);
    expect(mails.filter((m) => m.subject === 'Through an outage')).toHaveLength(1);
  });

  it('refreshes an access token Gmail refuses (401) and sends with the new one', async () => {
    const res = await send(alice, { ...draft, subject: 'After a 401', timesheetId });
    gmail.failNext(401, 1, 'Invalid Credentials');
    const tokensBefore = oauth.tokenRequests.length;
    startWorker();
    expect(await settled(alice, res.json().id)).toMatchObject({ status: 'sent' });
    expect(oauth.tokenRequests.slice(tokensBefore).map((r) => r.grantType)).toContain(
      'refresh_token',
    );
    const [first, second] = gmail.calls.slice(-2);
    expect(first?.status).toBe(401);
    expect(second?.authorization).not.toBe(first?.authorization);
  });

  it('fails at once, with the reason, when Gmail refuses the message or the grant is revoked', async () => {
    gmail.failNext(400, 1, 'Invalid To header');
    const refused = await send(alice, { ...draft, subject: 'Refused', timesheetId });
    startWorker();
    expect(await settled(alice, refused.json().id)).toMatchObject({
      status: 'failed',
      error: 'Gmail refused the message: Invalid To header',
    });
    await worker?.stop();
    worker = undefined;

    // Revoked at Google: the API says 401 and the refresh is refused.
    const dave = await signUp(ctx.app);
    await connectGmail(ctx.app, dave);
    const queued = await send(dave, { ...draft, subject: 'Revoked' });
    gmail.failNext(401, 1, 'Invalid Credentials');
    oauth.server.service.once(
      'beforeResponse',
      (response: { statusCode: number; body: unknown }) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      },
    );
    startWorker();
    const failed = await settled(dave, queued.json().id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('Gmail not authorized');
    const status = await callApi(ctx.app, 'GET', '/api/auth/gmail/status', dave);
    expect(status.json()).toMatchObject({ authorized: false, needsReauth: true });
  });

  it('a run after Gmail took the message does not send it again (the row could not be updated)', async () => {
    const res = await send(alice, { ...draft, subject: 'Only once', timesheetId });
    const id = res.json().id;
    const handler = gmailJobHandlers(ctx.database, oauth, gmail).get('gmail.send')!.handle;
    const [job] = (
      await ctx.database.db.execute<{ id: number }>(
        sql`select id from jobs where dedupe_key = ${`gmail-send:${id}`}`,
      )
    ).rows;
    const context = {
      jobId: Number(job?.id),
      attempt: 1,
      db: ctx.database.db,
      log: quietLog,
      signal: new AbortController().signal,
    };
    await handler({ sendId: id }, context);
    // As if the update after the send had been lost: the row says queued again.
    await ctx.database.db.update(mailSends).set({ status: 'queued' }).where(eq(mailSends.id, id));
    await handler({ sendId: id }, { ...context, attempt: 2 });
    const copies = (await gmail.accepted()).filter((m) => m.subject === 'Only once');
    expect(copies).toHaveLength(1);
  });

  /** Runs the send's job once, as the worker would on `attempt`; answers what it threw. */
  async function runJob(id: number, attempt: number, api: TestGmailApi = gmail) {
    const handler = gmailJobHandlers(ctx.database, oauth, api).get('gmail.send')!.handle;
    const [job] = (
      await ctx.database.db.execute<{ id: number }>(
        sql`select id from jobs where dedupe_key = ${`gmail-send:${id}`} order by id desc limit 1`,
      )
    ).rows;
    const context = {
      jobId: Number(job?.id),
      attempt,
      db: ctx.database.db,
      log: quietLog,
      signal: new AbortController().signal,
    };
    try {
      await handler({ sendId: id }, context);
      return undefined;
    } catch (error) {
      return error;
    }
  }
  /** Each of these tests sends as a user of its own: Alice's 20 sends a minute are spent. */
  let sender: Session;
  beforeEach(async () => {
    sender = await signUp(ctx.app, { firstName: 'Sam', lastName: 'Sender' });
    await connectGmail(ctx.app, sender);
  });
  const sendRow = async (id: number) =>
    (await callApi(ctx.app, 'GET', `/api/send-email-gmail/${id}`, sender)).json();
  /** How far off the time a RetryLaterError asks the job to come back at is, from now. */
  const delayOf = (error: unknown) => (error as RetryLaterError).retryAt.getTime() - Date.now();
  const messageIdOf = (raw: Buffer) => /^Message-ID: (.+)\r$/im.exec(raw.toString('latin1'))?.[1];

  it("a 403 userRateLimitExceeded is a rate limit: retried at Google's Retry-After (seconds or a date), with the same Message-ID", async () => {
    const res = await send(sender, { ...draft, subject: 'Rate limited' });
    const id = res.json().id;
    gmail.failNext(403, 1, 'User Rate Limit Exceeded', {
      reason: 'userRateLimitExceeded',
      retryAfter: '120',
    });
    const first = await runJob(id, 1);
    expect(first).toBeInstanceOf(RetryLaterError);
    expect(delayOf(first)).toBeGreaterThan(115_000);
    expect(delayOf(first)).toBeLessThanOrEqual(120_000);
    expect(await sendRow(id)).toMatchObject({
      status: 'queued',
      error: 'Gmail asked to slow down (too many messages at once); trying again shortly.',
    });
    // An HTTP date, and a 429 rateLimitExceeded, are honoured the same way.
    const at = new Date(Date.now() + 90_000);
    gmail.failNext(429, 1, 'Too many requests', { retryAfter: at.toUTCString() });
    const second = (await runJob(id, 2)) as RetryLaterError;
    expect(second).toBeInstanceOf(RetryLaterError);
    expect(delayOf(second)).toBeGreaterThan(85_000);
    expect(delayOf(second)).toBeLessThanOrEqual(90_000);
    expect(await runJob(id, 3)).toBeUndefined();
    expect(await sendRow(id)).toMatchObject({ status: 'sent', error: null });
    const tries = gmail.calls.filter((c) => c.raw.includes('Subject: Rate limited\r\n'));
    expect(tries.map((c) => c.status)).toEqual([403, 429, 200]);
    const ids = new Set(tries.map((c) => messageIdOf(c.raw)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^<hourbook-[0-9a-f]{24}@hourbook\.local>$/);
  });

  it("waits out a daily quota (an hour without Retry-After) and, after the last try, says Gmail's daily sending limit was reached", async () => {
    const res = await send(sender, { ...draft, subject: 'Daily limit' });
    const id = res.json().id;
    gmail.failNext(403, 1, 'Daily Limit Exceeded', { reason: 'dailyLimitExceeded' });
    const waiting = (await runJob(id, 1)) as RetryLaterError;
    expect(waiting).toBeInstanceOf(RetryLaterError);
    expect(delayOf(waiting)).toBeGreaterThan(60 * 60 * 1000 - 5_000);
    expect(delayOf(waiting)).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await sendRow(id)).error).toBe(
      "Gmail's daily sending limit was reached; it will be tried again later.",
    );
    // Gmail's sending limit as a 429 with the time in its message.
    gmail.failNext(
      429,
      1,
      `User-rate limit exceeded.  Retry after ${new Date(Date.now() + 3_600_000).toISOString()} (Mail sending)`,
    );
    const later = (await runJob(id, 2)) as RetryLaterError;
    expect(delayOf(later)).toBeGreaterThan(3_585_000);
    gmail.failNext(403, 1, 'Daily user sending quota exceeded.', {
      reason: 'userRateLimitExceeded',
    });
    const last = await runJob(id, GMAIL_SEND_ATTEMPTS);
    expect(last).toBeInstanceOf(PermanentJobError);
    const failed = await sendRow(id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: "Not sent: Gmail's daily sending limit was reached. Please send it again tomorrow.",
    });
    expect(failed.error).not.toContain('could not be reached');
  });

  it('a connection refused before anything was sent is retried by itself', async () => {
    const res = await send(sender, { ...draft, subject: 'Nobody home' });
    const id = res.json().id;
    // A port nothing listens on: the connection is refused before a byte of the message goes.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const closed = { ...gmail, url: `http://127.0.0.1:${port}` };
    const error = await runJob(id, 1, closed);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentJobError);
    expect(await sendRow(id)).toMatchObject({ status: 'queued' });
    expect((await sendRow(id)).error).toContain('Gmail could not be reached; trying again.');
    expect(await runJob(id, 2)).toBeUndefined();
    expect((await sendRow(id)).status).toBe('sent');
  });

  it('a send Gmail took without answering is not sent again by itself: the user is asked, and "Send again" sends it once more', async () => {
    const res = await send(sender, { ...draft, subject: 'No answer' });
    const id = res.json().id;
    gmail.dropNext({ taken: true });
    startWorker();
    const unconfirmed = await settled(sender, id);
    expect(unconfirmed).toMatchObject({
      status: 'unconfirmed',
      error: 'Gmail did not confirm this message. Check your Sent folder; send it again?',
      sentAt: null,
    });
    // Its job is over: no try follows, however long one waits.
    await waitFor(async () => {
      const jobs = await ctx.database.db.execute<{ status: string }>(
        sql`select status from jobs where dedupe_key = ${`gmail-send:${id}`}`,
      );
      return jobs.rows.every((j) => j.status === 'done');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tries = () => gmail.calls.filter((c) => c.raw.includes('Subject: No answer\r\n'));
    expect(tries()).toHaveLength(1);

    // Not Bob's to send again; a send that is not unconfirmed cannot be.
    const theirs = await callApi(ctx.app, 'POST', `/api/send-email-gmail/${id}/resend`, bob);
    expect(theirs.statusCode).toBe(404);
    const again = await callApi(ctx.app, 'POST', `/api/send-email-gmail/${id}/resend`, sender);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id, status: 'queued', error: null });
    const twice = await callApi(ctx.app, 'POST', `/api/send-email-gmail/${id}/resend`, sender);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This email is already waiting to be sent.');
    expect(await settled(sender, id)).toMatchObject({ status: 'sent', error: null });
    expect(tries()).toHaveLength(2);
    // The same Message-ID: a mail program that got both can tell they are one message.
    expect(new Set(tries().map((c) => messageIdOf(c.raw))).size).toBe(1);
    const sent = await callApi(ctx.app, 'POST', `/api/send-email-gmail/${id}/resend`, sender);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(
      'Only an email Gmail did not confirm can be sent again from here.',
    );
  });

  it('does not send a timesheet deleted while it waited', async () => {
    const employer = await addEmployer(ctx.app, alice, { name: 'Short Lived', hourlyRate: '10' });
    await addWorkLog(ctx.app, alice, {
      employerId: employer.id,
      date: '2026-10-06',
      startTime: '09:00',
      endTime: '10:00',
      breakDuration: 0,
    });
    const generated = await callApi(ctx.app, 'POST', '/api/timesheets/generate', alice, {
      employerId: employer.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      format: 'csv',
    });
    const id = generated.json().timesheet.id;
    const res = await send(alice, { ...draft, timesheetId: id });
    await ctx.database.db.delete(timesheets).where(eq(timesheets.id, id));
    const calls = gmail.calls.length;
    startWorker();
    expect(await settled(alice, res.json().id)).toMatchObject({
      status: 'failed',
      error: 'Not sent: the timesheet was deleted.',
    });
    expect(gmail.calls.length).toBe(calls);
  });
});
