import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GMAIL_NOT_AUTHORIZED } from '../../../shared/schemas/mail-account.ts';
import { jobs, mailSends, users } from '../../db/schema/index.ts';
import {
  callApi,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
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
import { testWorker, waitFor } from '../../test/jobs.ts';
import { queuedMails, verifyTokenIn } from '../../test/mail.ts';
import { GMAIL_SEND_JOB } from '../mail-sends/mail-sends.service.ts';
import { issueTemporaryPassword } from './admin.service.ts';

const BOSS = 'boss-admin@example.com';

let oauth: TestOAuth;
let ctx: TestContext;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  oauth = await startTestOAuth();
  ctx = await createTestApp({ adminEmails: [BOSS], gmail: testGmailConfig(oauth), now });
});
afterAll(() => oauth.close());
afterEach(() => {
  clockOffsetMs = 0;
});

const PASSWORD = 'the users own password';
const TEMPORARY = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
const NOT_THE_LATEST =
  'This temporary password is not the latest one for this user, or it has expired. Please generate a new one.';

const generate = (who: Session | undefined, userEmail: string) =>
  callApi(ctx.app, 'POST', '/api/admin/temporary-password', who, { userEmail });
const send = (who: Session | undefined, userEmail: string, temporaryPassword: string) =>
  callApi(ctx.app, 'POST', '/api/admin/send-temp-password-email', who, {
    userEmail,
    temporaryPassword,
  });
const sendStatus = (who: Session, id: number) =>
  callApi(ctx.app, 'GET', `/api/send-email-gmail/${id}`, who);
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });

const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
/** The whole users row as Postgres prints it: every column, as a dump would hold it. */
const userRowText = async (id: number) =>
  String(
    (await ctx.database.db.execute(sql`select u::text as row from users u where u.id = ${id}`))
      .rows[0]?.row,
  );
const sendsBy = (userId: number) =>
  ctx.database.db.select().from(mailSends).where(eq(mailSends.userId, userId));

/** A new user made an administrator by the is_admin flag (before its first signed-in call). */
async function newAdmin(): Promise<Session> {
  const who = await signUp(ctx.app, { firstName: 'Grace', lastName: 'Hopper' });
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, who.userId));
  return who;
}

/** An administrator whose own Gmail is connected. */
async function connectedAdmin(): Promise<Session> {
  const admin = await newAdmin();
  const { location } = await connectGmail(ctx.app, admin);
  expect(location).toBe('/gmail-callback.html?result=connected');
  return admin;
}

async function temporaryPasswordFor(admin: Session, email: string): Promise<string> {
  const res = await generate(admin, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().temporaryPassword;
}

/** Runs the Gmail jobs against `api` until the send is no longer queued. */
async function deliver(admin: Session, sendId: number, api: TestGmailApi) {
  const worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth, api, now));
  try {
    return await waitFor(async () => {
      const body = (await sendStatus(admin, sendId)).json();
      return body.status !== 'queued' && body;
    }, 10_000);
  } finally {
    await worker.stop();
  }
}

describe('who may call the admin routes', () => {
  it('answers 401 signed out', async () => {
    const user = await signUp(ctx.app);
    for (const res of [
      await generate(undefined, user.email),
      await send(undefined, user.email, 'AAAA-BBBB-CCCC'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    expect((await userRow(user.userId)).temporaryPasswordHash).toBeNull();
  });

  it('answers 403 forbidden to a signed-in user who is not an administrator, changing nothing', async () => {
    const user = await signUp(ctx.app);
    const notAdmin = await signUp(ctx.app);
    await connectGmail(ctx.app, notAdmin);
    const refused = await generate(notAdmin, user.email);
    expect(refused.statusCode).toBe(403);
    // Before the body is looked at: a bad body is refused the same way, without its messages.
    for (const body of [{}, { userEmail: '' }]) {
      const res = await callApi(ctx.app, 'POST', '/api/admin/temporary-password', notAdmin, body);
      expect(res.statusCode).toBe(403);
      const sent = await callApi(
        ctx.app,
        'POST',
        '/api/admin/send-temp-password-email',
        notAdmin,
        body,
      );
      expect(sent.statusCode).toBe(403);
    }
    expect(refused.json()).toEqual({
      code: 'forbidden',
      message: 'Only administrators can do this',
    });
    expect(refused.body).not.toMatch(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/);
    const row = await userRow(user.userId);
    expect(row.temporaryPasswordHash).toBeNull();
    expect(row.temporaryPasswordExpiresAt).toBeNull();

    // Even holding the right temporary password, a non-administrator cannot mail it.
    const temporaryPassword = await temporaryPasswordFor(await connectedAdmin(), user.email);
    const mailed = await send(notAdmin, user.email, temporaryPassword);
    expect(mailed.statusCode).toBe(403);
    expect(mailed.json().code).toBe('forbidden');
    expect(await sendsBy(notAdmin.userId)).toEqual([]);
  });

  it('lets in an administrator named by ADMIN_EMAILS once the address is confirmed, and one by the is_admin flag', async () => {
    const user = await signUp(ctx.app);
    const boss = await signUp(ctx.app, { email: BOSS });
    await connectGmail(ctx.app, boss);
    // Signing up with a listed address proves nothing: the mailed link does.
    expect((await generate(boss, user.email)).statusCode).toBe(403);
    expect((await callApi(ctx.app, 'POST', '/api/auth/confirm-email', boss)).statusCode).toBe(200);
    const [link] = await queuedMails(ctx.database.db, BOSS);
    const opened = await callApi(
      ctx.app,
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(verifyTokenIn(link!))}`,
      boss,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const flagged = await connectedAdmin();
    for (const admin of [boss, flagged]) {
      const generated = await generate(admin, user.email);
      expect(generated.statusCode, generated.body).toBe(200);
    }
  });
});

describe('validation', () => {
  it('asks for a user email address on both routes', async () => {
    const admin = await newAdmin();
    for (const userEmail of ['', '   ']) {
      for (const res of [
        await generate(admin, userEmail),
        await send(admin, userEmail, 'AAAA-BBBB-CCCC'),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation_failed');
        expect(res.json().errors.userEmail).toBe('Please enter a user email address');
      }
    }
    const missing = await callApi(ctx.app, 'POST', '/api/admin/temporary-password', admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.userEmail).toBe('Please enter a user email address');
    const invalid = await generate(admin, 'not an address');
    expect(invalid.json().errors.userEmail).toBe('Please enter a valid email address');
  });

  it('asks for a generated temporary password before sending', async () => {
    const admin = await connectedAdmin();
    const user = await signUp(ctx.app);
    for (const temporaryPassword of ['', '  ']) {
      const res = await send(admin, user.email, temporaryPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.temporaryPassword).toBe(
        'Please generate a temporary password first',
      );
    }
    const missing = await callApi(ctx.app, 'POST', '/api/admin/send-temp-password-email', admin, {
      userEmail: user.email,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.temporaryPassword).toBe(
      'Please generate a temporary password first',
    );
    expect(await sendsBy(admin.userId)).toEqual([]);
  });

  it('answers 404 for an address with no account', async () => {
    const admin = await connectedAdmin();
    const nobody = 'nobody-here-at-all@example.com';
    for (const res of [
      await generate(admin, nobody),
      await send(admin, nobody, 'AAAA-BBBB-CCCC'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'No user with this email address' });
    }
  });
});

describe('POST /api/admin/temporary-password', () => {
  it('answers a new temporary password valid for 30 minutes and stores only its hash', async () => {
    const admin = await connectedAdmin();
    const user = await signUp(ctx.app, { password: PASSWORD });
    const before = Date.now();
    const res = await generate(admin, `  ${user.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'temporaryPassword', 'userEmail']);
    expect(body.userEmail).toBe(user.email);
    expect(body.temporaryPassword).toMatch(TEMPORARY);
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const row = await userRow(user.userId);
    expect(row.temporaryPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row.temporaryPasswordExpiresAt?.toISOString()).toBe(body.expiresAt);
    expect(row.temporaryPasswordAttempts).toBe(0);
    const text = await userRowText(user.userId);
    expect(text).toContain(row.temporaryPasswordHash);
    for (const form of [body.temporaryPassword, body.temporaryPassword.replaceAll('-', '')]) {
      expect(text).not.toContain(form);
      expect(text.toUpperCase()).not.toContain(form);
    }
    // The user's own password is untouched.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('generating again replaces the first, which stops working', async () => {
    const admin = await connectedAdmin();
    const user = await signUp(ctx.app, { password: PASSWORD });
    const first = await temporaryPasswordFor(admin, user.email);
    const second = await temporaryPasswordFor(admin, user.email);
    expect(second).not.toBe(first);
    const firstLogin = await login(user.email, first);
    expect(firstLogin.statusCode).toBe(401);
    expect(firstLogin.json().code).toBe('invalid_credentials');
    const secondLogin = await login(user.email, second);
    expect(secondLogin.statusCode).toBe(403);
    expect(secondLogin.json().code).toBe('password_change_required');
  });
});

describe("generating a temporary password needs the administrator's Gmail, as the Admin tab says", () => {
  it('answers 409 with the notice of the screen, and makes nothing, when Gmail is not connected', async () => {
    const admin = await newAdmin();
    const user = await signUp(ctx.app, { password: PASSWORD });
    const res = await generate(admin, user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'gmail_not_authorized', message: GMAIL_NOT_AUTHORIZED });
    expect(res.body).not.toMatch(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/);
    const row = await userRow(user.userId);
    expect(row.temporaryPasswordHash).toBeNull();
    expect(row.temporaryPasswordExpiresAt).toBeNull();
    expect(await queuedMails(ctx.database.db, user.email)).toEqual([]);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('mails the user who made it and when, without the password, each time one is made', async () => {
    const admin = await connectedAdmin();
    const adminEmail = (await userRow(admin.userId)).email;
    const user = await signUp(ctx.app, { firstName: 'Ada' });
    const before = now();
    const first = await temporaryPasswordFor(admin, user.email);
    const second = await temporaryPasswordFor(admin, user.email);
    const notices = await queuedMails(ctx.database.db, user.email);
    expect(notices).toHaveLength(2);
    const [notice] = notices;
    expect(notice?.subject).toBe('An administrator made you a temporary Hourbook password');
    expect(notice?.text).toMatch(/^Hello Ada,/);
    expect(notice?.text).toContain(`Grace Hopper (${adminEmail}), an administrator of Hourbook`);
    const minute = before.toISOString().slice(0, 16).replace('T', ' ');
    const nextMinute = new Date(before.getTime() + 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    expect([minute, nextMinute].some((when) => notice?.text.includes(`on ${when} UTC`))).toBe(true);
    expect(notice?.text).toContain(`If this wasn't expected, contact ${adminEmail}`);
    for (const mail of notices) {
      for (const password of [first, second]) {
        expect(`${mail.text}${mail.html}`.toUpperCase()).not.toContain(password);
      }
    }
    // Nobody else hears of it.
    expect(await queuedMails(ctx.database.db, adminEmail)).toEqual([]);
  });
});

describe('POST /api/admin/send-temp-password-email', () => {
  it('answers 409 when the administrator has not connected Gmail', async () => {
    const admin = await newAdmin();
    const user = await signUp(ctx.app);
    // Made elsewhere (another administrator, or the console).
    const { temporaryPassword } = await issueTemporaryPassword(
      { db: ctx.database.db, now },
      user.email,
    );
    const res = await send(admin, user.email, temporaryPassword);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('gmail_not_authorized');
    expect(res.json().message).toContain('Gmail not authorized');
    expect(res.json().message).toBe(GMAIL_NOT_AUTHORIZED);
    expect(await sendsBy(admin.userId)).toEqual([]);
  });

  it('sends only the latest, unexpired temporary password', async () => {
    const admin = await connectedAdmin();
    const user = await signUp(ctx.app);
    const first = await temporaryPasswordFor(admin, user.email);
    const second = await temporaryPasswordFor(admin, user.email);
    const other = await signUp(ctx.app);
    const othersOwn = await temporaryPasswordFor(admin, other.email);
    for (const [email, temporaryPassword] of [
      [user.email, first],
      [user.email, 'AAAA-BBBB-CCCC'],
      [user.email, othersOwn],
      [other.email, second],
    ] as const) {
      const res = await send(admin, email, temporaryPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: NOT_THE_LATEST,
        errors: { temporaryPassword: 'Please generate a new temporary password' },
      });
    }
    clockOffsetMs = 30 * 60_000 + 1_000;
    const expired = await send(admin, user.email, second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(NOT_THE_LATEST);
    expect(await sendsBy(admin.userId)).toEqual([]);
  });

  it('refuses a temporary password the user has already used', async () => {
    const admin = await connectedAdmin();
    const user = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(admin, user.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { email: user.email, temporaryPassword, newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await send(admin, user.email, temporaryPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_THE_LATEST);
  });

  it("queues the mail sealed, and the worker sends it from the administrator's Gmail", async () => {
    const api = await startTestGmailApi();
    try {
      const admin = await connectedAdmin();
      const user = await signUp(ctx.app, { firstName: 'Ada', password: PASSWORD });
      const temporaryPassword = await temporaryPasswordFor(admin, user.email);
      const res = await send(admin, user.email, temporaryPassword.toLowerCase());
      expect(res.statusCode, res.body).toBe(202);
      const queued = res.json();
      expect(queued).toMatchObject({
        status: 'queued',
        to: user.email,
        subject: 'Your Hourbook temporary password',
        attachmentName: null,
        timesheetId: null,
        error: null,
        sentAt: null,
      });
      expect(res.body).not.toContain(temporaryPassword);

      const [row] = await sendsBy(admin.userId);
      expect(row?.id).toBe(queued.id);
      expect(row?.kind).toBe('temporary-password');
      expect(row?.toAddress).toBe(user.email);
      expect(row?.expiresAt?.getTime()).toBe(
        (await userRow(user.userId)).temporaryPasswordExpiresAt?.getTime(),
      );
      expect(row?.bodySealed).toMatch(/^v2\./);
      const jobRows = await ctx.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.type, GMAIL_SEND_JOB));
      const stored = `${row?.bodySealed} ${JSON.stringify(jobRows)}`;
      for (const form of [temporaryPassword, temporaryPassword.replaceAll('-', '')]) {
        expect(stored.toUpperCase()).not.toContain(form);
      }

      // Nobody else can follow it: not another user, not the user it was sent to.
      for (const stranger of [await signUp(ctx.app), user]) {
        const peek = await sendStatus(stranger, queued.id);
        expect(peek.statusCode).toBe(404);
        expect(peek.json().code).toBe('not_found');
      }

      const done = await deliver(admin, queued.id, api);
      expect(done).toMatchObject({ id: queued.id, status: 'sent', error: null });
      expect(done.sentAt).toEqual(expect.any(String));

      const accepted = await api.accepted();
      expect(accepted).toHaveLength(1);
      const mail = accepted[0]!;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
      expect(mail.from?.value[0]?.address).toBe(TEST_GMAIL_ADDRESS);
      expect(mail.from?.value[0]?.name).toBe('Grace Hopper');
      expect(mail.subject).toBe('Your Hourbook temporary password');
      expect(mail.text).toMatch(/^Hello Ada,/);
      expect(mail.text).toContain('Grace Hopper, an administrator of Hourbook');
      // As generated, whatever case the admin's screen sent it in.
      expect(mail.text?.toUpperCase()).toContain(temporaryPassword);
      expect(mail.text).toContain('/login');
      expect(api.calls[0]?.authorization).toMatch(/^Bearer \S+/);

      // The row keeps no body once the message has left.
      expect((await sendsBy(admin.userId))[0]?.bodySealed).toBeNull();
      // The mailed password does what the mail says.
      const signIn = await login(user.email, temporaryPassword);
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().code).toBe('password_change_required');
      expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('delivers exactly once through a Gmail outage', async () => {
    const api = await startTestGmailApi();
    try {
      const admin = await connectedAdmin();
      const user = await signUp(ctx.app);
      const temporaryPassword = await temporaryPasswordFor(admin, user.email);
      const res = await send(admin, user.email, temporaryPassword);
      expect(res.statusCode, res.body).toBe(202);
      api.failNext(503, 2, 'Backend Error');
      const done = await deliver(admin, res.json().id, api);
      expect(done).toMatchObject({ status: 'sent', error: null });
      expect(api.calls.map((call) => call.status)).toEqual([503, 503, 200]);
      const accepted = await api.accepted();
      expect(accepted).toHaveLength(1);
      expect(accepted[0]?.text).toContain(temporaryPassword);
      // Every attempt carried the same message.
      const ids = api.calls.map((call) => /^Message-ID: (.+)$/im.exec(call.raw.toString())?.[1]);
      expect(ids[0]).toMatch(/^<hourbook-[0-9a-f]+@hourbook\.local>$/);
      expect(new Set(ids).size).toBe(1);
    } finally {
      await api.close();
    }
  });

  it('does not send a notice whose temporary password expired while it waited', async () => {
    const api = await startTestGmailApi();
    try {
      const admin = await connectedAdmin();
      const user = await signUp(ctx.app);
      const temporaryPassword = await temporaryPasswordFor(admin, user.email);
      const res = await send(admin, user.email, temporaryPassword);
      expect(res.statusCode, res.body).toBe(202);
      clockOffsetMs = 30 * 60_000 + 1_000;
      const done = await deliver(admin, res.json().id, api);
      expect(done).toMatchObject({
        status: 'failed',
        error: 'Not sent: the temporary password expired before Gmail could be reached.',
      });
      expect(api.calls).toEqual([]);
      expect((await sendsBy(admin.userId))[0]?.bodySealed).toBeNull();
    } finally {
      await api.close();
    }
  });
});
