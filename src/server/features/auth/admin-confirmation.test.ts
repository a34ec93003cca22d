import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/worker.ts';
import { createMailTransport } from '../../mail/transport.ts';
import { createJobHandlers } from '../../ops/job-handlers.ts';
import {
  callApi,
  createTestApp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { connectGmail, startTestOAuth, type TestOAuth, testGmailConfig } from '../../test/gmail.ts';
import { quietLog, testWorker, waitFor } from '../../test/jobs.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';

/**
 * Administrator rights from ADMIN_EMAILS start only once the address is proven by a mailed
 * link: the instance mail goes through the real queue and worker to a real SMTP server.
 */

const BOSS = 'the-boss@example.com';
const OTHER_BOSS = 'second-boss@example.com';
const PUBLIC_URL = 'https://hours.example.org';

let oauth: TestOAuth;
let smtp: TestSmtp;
let worker: Worker;
let ctx: TestContext;

beforeAll(async () => {
  oauth = await startTestOAuth();
  smtp = await startTestSmtp();
  ctx = await createTestApp({
    adminEmails: [BOSS, OTHER_BOSS],
    publicUrl: PUBLIC_URL,
    gmail: testGmailConfig(oauth),
  });
  const mail = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'Hourbook <no-reply@hourbook.test>',
    dataDir: '/nonexistent',
    log: quietLog,
  });
  worker = testWorker(
    ctx.database,
    createJobHandlers({ db: ctx.database.db, secret: TEST_APP_SECRET, mail }),
  );
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await oauth.close();
});

const adminStatus = async (who: Session) =>
  (await callApi(ctx.app, 'GET', '/api/auth/admin-status', who)).json();
const generate = (who: Session, userEmail: string) =>
  callApi(ctx.app, 'POST', '/api/admin/temporary-password', who, { userEmail });
const askForLink = (who: Session) => callApi(ctx.app, 'POST', '/api/auth/confirm-email', who);
const verify = (who: Session, token: string) =>
  callApi(ctx.app, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`, who);

/** The link in the newest mail the SMTP server received for `to` with this subject. */
async function mailedLink(to: string, subject: string): Promise<URL> {
  const received = await waitFor(() =>
    smtp.received.findLast((r) => r.rcptTo.includes(to) && r.mail.subject === subject),
  );
  const link = /https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/.exec(received.mail.text ?? '');
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return new URL(link[0]);
}
const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

describe('administrator rights from ADMIN_EMAILS', () => {
  it('start only after the address is confirmed by the mailed link', async () => {
    const user = await signUp(ctx.app);
    const boss = await signUp(ctx.app, { email: BOSS, firstName: 'Bea' });

    // Signed up with a listed address: no rights yet, and told how to get them.
    expect(await adminStatus(boss)).toEqual({ isAdmin: false, awaitsEmailConfirmation: true });
    const me = (await callApi(ctx.app, 'GET', '/api/auth/me', boss)).json();
    expect(me.user).toMatchObject({ isAdmin: false, emailVerified: false });
    await connectGmail(ctx.app, boss);
    const refused = await generate(boss, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'forbidden',
      message: 'Only administrators can do this',
    });
    const row = async () =>
      (await ctx.database.db.select().from(users).where(eq(users.id, user.userId)))[0]!;
    expect((await row()).temporaryPasswordHash).toBeNull();

    const asked = await askForLink(boss);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      success: true,
      message: `We sent a confirmation link to ${BOSS}. Open it to confirm your address.`,
    });
    expect(asked.body).not.toMatch(/token/i);
    const link = await mailedLink(BOSS, 'Confirm your Hourbook e-mail address');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/verify-email');

    const opened = await verify(boss, tokenOf(link));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      success: true,
      message: 'Email address confirmed',
      newEmail: BOSS,
      kind: 'confirmed',
    });
    expect(await adminStatus(boss)).toEqual({ isAdmin: true, awaitsEmailConfirmation: false });
    const generated = await generate(boss, user.email);
    expect(generated.statusCode, generated.body).toBe(200);
    expect((await row()).temporaryPasswordHash).not.toBeNull();

    // Used once (opened again it says so); and asking again for a confirmed address is refused.
    expect((await verify(boss, tokenOf(link))).json().code).toBe('link_already_used');
    const again = await askForLink(boss);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your e-mail address is already confirmed.');
  });

  it("is not given by another user's link, nor by a link whose address has changed since", async () => {
    const boss = await signUp(ctx.app, { email: OTHER_BOSS });
    const intruder = await signUp(ctx.app);
    expect((await askForLink(boss)).statusCode).toBe(200);
    const link = await mailedLink(OTHER_BOSS, 'Confirm your Hourbook e-mail address');
    const stolen = await verify(intruder, tokenOf(link));
    expect(stolen.json()).toEqual({ code: 'verification_failed', message: 'Verification failed' });
    expect(await adminStatus(intruder)).toEqual({ isAdmin: false, awaitsEmailConfirmation: false });

    // The account leaves the listed address before the link is opened: it proves nothing.
    await ctx.database.db
      .update(users)
      .set({ email: `moved-${boss.userId}@example.com` })
      .where(eq(users.id, boss.userId));
    const late = await verify(boss, tokenOf(link));
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('verification_failed');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, boss.userId));
    expect(row?.emailVerified).toBe(false);
    // Back at the listed address, still unproven: no rights.
    await ctx.database.db.update(users).set({ email: OTHER_BOSS }).where(eq(users.id, boss.userId));
    // (Once the session cache has heard of the change, as every instance does by NOTIFY.)
    const status = await waitFor(async () => {
      const answer = await adminStatus(boss);
      return answer.awaitsEmailConfirmation && answer;
    });
    expect(status).toEqual({ isAdmin: false, awaitsEmailConfirmation: true });
  });

  it('tells an ordinary user nothing about administrator rights, even once confirmed', async () => {
    const who = await signUp(ctx.app);
    expect(await adminStatus(who)).toEqual({ isAdmin: false, awaitsEmailConfirmation: false });
    expect((await askForLink(who)).statusCode).toBe(200);
    const link = await mailedLink(who.email, 'Confirm your Hourbook e-mail address');
    expect((await verify(who, tokenOf(link))).json().kind).toBe('confirmed');
    const me = (await callApi(ctx.app, 'GET', '/api/auth/me', who)).json();
    expect(me.user).toMatchObject({ isAdmin: false, emailVerified: true });
  });

  it('answers 401 to a signed-out request for a link', async () => {
    const res = await callApi(ctx.app, 'POST', '/api/auth/confirm-email');
    expect(res.statusCode).toBe(401);
  });
});
