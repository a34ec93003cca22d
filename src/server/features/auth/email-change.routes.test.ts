import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications } from '../../db/schema/index.ts';
import {
  callApi,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
import { queuedMails, verifyTokenIn } from '../../test/mail.ts';

let ctx: TestContext;
let clockOffsetMs = 0;
beforeAll(async () => {
  ctx = await createTestApp({
    publicUrl: 'https://hours.example.org/',
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});
afterEach(() => {
  clockOffsetMs = 0;
});

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const freshAddress = () => `moved${counter++}-${Date.now()}@example.net`;

const changeEmail = (who: Session | undefined, newEmail: unknown) =>
  callApi(ctx.app, 'POST', '/api/auth/change-email', who, { newEmail });
const verifyEmail = (who: Session | undefined, token: string) =>
  callApi(ctx.app, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`, who);
const login = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: nextIp(),
  });

/** Asks to move `who` to `newEmail` and reads the token from the mail to the new address. */
async function requestChange(who: Session, newEmail: string): Promise<string> {
  const res = await changeEmail(who, newEmail);
  expect(res.statusCode, res.body).toBe(200);
  const mail = (await queuedMails(ctx.database.db, newEmail)).at(-1);
  if (!mail) throw new Error(`no mail to ${newEmail}`);
  return verifyTokenIn(mail);
}

const FAILED = { code: 'verification_failed', message: 'Verification failed' };
const TAKEN = {
  code: 'email_taken',
  message:
    'This email is already registered. Please log into that account and change the email address there first.',
};

describe('POST /api/auth/change-email', () => {
  it('mails a link to the new address and a notice without it to the old one', async () => {
    const who = await signUp(ctx.app, { firstName: 'Grace' });
    const newEmail = freshAddress();
    const res = await changeEmail(who, newEmail.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `We sent a verification link to ${newEmail}. Open it to finish the change.`,
    });
    const [link] = await queuedMails(ctx.database.db, newEmail);
    expect(link?.subject).toBe('Confirm your new Hourbook e-mail address');
    expect(link?.text).toContain('https://hours.example.org/verify-email?token=');
    const token = verifyTokenIn(link!);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const notices = await queuedMails(ctx.database.db, who.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(newEmail);
    expect(notices[0]?.text).not.toContain(token);
    expect(notices[0]?.html).not.toContain(token);
    expect(res.body).not.toContain(token);

    // Only the token's hash is stored.
    const rows = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, who.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oldEmail: who.email, newEmail, verified: false });
    expect(rows[0]?.verificationToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the current address until the link is opened', async () => {
    const who = await signUp(ctx.app, { password: PASSWORD });
    await requestChange(who, freshAddress());
    const me = await callApi(ctx.app, 'GET', '/api/auth/me', who);
    expect(me.json().user.email).toBe(who.email);
    expect((await login(who.email)).statusCode).toBe(200);
  });

  it.each([
    ['', 'Please enter a new email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a..b@example.com', 'Please enter a valid email address'],
    ['-a@example.com', 'Please enter a valid email address'],
    ['a@example.c', 'Please enter a valid email address'],
    [`${'x'.repeat(65)}@example.com`, 'Please enter a valid email address'],
    // Allowed by the letter of RFC 5322 but not by sign-in: refused here too, never a 500.
    ['a&b@example.com', 'Please enter a valid email address'],
    ["ab'@example.com", 'Please enter a valid email address'],
  ])('refuses %j with the message %j', async (newEmail, message) => {
    const who = await signUp(ctx.app);
    const res = await changeEmail(who, newEmail);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newEmail).toBe(message);
  });

  it('refuses the current address, in any case, and mails nothing', async () => {
    const who = await signUp(ctx.app);
    const res = await changeEmail(who, who.email.toUpperCase());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newEmail).toBe('New email must be different from current email');
    expect(await queuedMails(ctx.database.db, who.email)).toEqual([]);
  });

  it('answers 409 for an address that is already registered and mails nothing', async () => {
    const who = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const res = await changeEmail(who, other.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    expect(await queuedMails(ctx.database.db, other.email)).toEqual([]);
    expect(await queuedMails(ctx.database.db, who.email)).toEqual([]);
  });

  it('answers 429 with Retry-After to the third request of a user within a minute', async () => {
    const who = await signUp(ctx.app);
    await requestChange(who, freshAddress());
    await requestChange(who, freshAddress());
    const res = await changeEmail(who, freshAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 401 when signed out', async () => {
    const res = await changeEmail(undefined, freshAddress());
    expect(res.statusCode).toBe(401);
  });
});

describe('the pending change on GET /api/auth/admin-status (what Settings loads)', () => {
  const status = async (who: Session) =>
    (await callApi(ctx.app, 'GET', '/api/auth/admin-status', who)).json();

  it('names the address a change waits at, the newest only, until the link is opened', async () => {
    const who = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    expect(await status(who)).not.toHaveProperty('pendingEmail');
    await requestChange(who, freshAddress());
    const newest = freshAddress();
    const token = await requestChange(who, newest);
    expect(await status(who)).toMatchObject({ pendingEmail: newest });
    // Another user's pending change is not theirs to see.
    expect(await status(other)).not.toHaveProperty('pendingEmail');
    expect((await verifyEmail(who, token)).statusCode).toBe(200);
    expect(await status(who)).not.toHaveProperty('pendingEmail');
  });

  it('forgets a change whose link has expired', async () => {
    const who = await signUp(ctx.app);
    await requestChange(who, freshAddress());
    clockOffsetMs = 24 * 3_600_000 + 1_000;
    expect(await status(who)).not.toHaveProperty('pendingEmail');
  });

  it('answers 401 when signed out', async () => {
    expect((await callApi(ctx.app, 'GET', '/api/auth/admin-status', undefined)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/auth/verify-email', () => {
  it('moves the account to the new address: it signs in with it, not with the old one', async () => {
    const who = await signUp(ctx.app, { password: PASSWORD });
    const newEmail = freshAddress();
    const token = await requestChange(who, newEmail);
    const res = await verifyEmail(who, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Email Changed Successfully',
      newEmail,
      kind: 'changed',
    });
    const me = await callApi(ctx.app, 'GET', '/api/auth/me', who);
    expect(me.json().user.email).toBe(newEmail);
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(who.email)).statusCode).toBe(401);
  });

  it('works once; opened again by its owner (a reload) it says the change is done', async () => {
    const who = await signUp(ctx.app);
    const newEmail = freshAddress();
    const token = await requestChange(who, newEmail);
    expect((await verifyEmail(who, token)).statusCode).toBe(200);
    const again = await verifyEmail(who, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'link_already_used',
      message: `This link was already used: you sign in with ${newEmail}.`,
    });
    expect((await callApi(ctx.app, 'GET', '/api/auth/me', who)).json().user.email).toBe(newEmail);
  });

  it('tells nobody else of a used link, and no longer claims it once the address moved on', async () => {
    const who = await signUp(ctx.app);
    const intruder = await signUp(ctx.app);
    const token = await requestChange(who, freshAddress());
    expect((await verifyEmail(who, token)).statusCode).toBe(200);
    expect((await verifyEmail(intruder, token)).json()).toEqual(FAILED);
    // The account moves on to a third address: the first link proves nothing of it.
    expect((await verifyEmail(who, await requestChange(who, freshAddress()))).statusCode).toBe(200);
    const old = await verifyEmail(who, token);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({
      code: 'verification_failed',
      message: 'This verification link was already used',
    });
  });

  it('refuses a link after 24 hours', async () => {
    const who = await signUp(ctx.app);
    const token = await requestChange(who, freshAddress());
    clockOffsetMs = 24 * 3_600_000 + 1_000;
    const res = await verifyEmail(who, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'verification_failed',
      message: 'This verification link has expired',
    });
    expect((await callApi(ctx.app, 'GET', '/api/auth/me', who)).json().user.email).toBe(who.email);
  });

  it("refuses another user's link like an unknown one and leaves both accounts as they were", async () => {
    const owner = await signUp(ctx.app);
    const intruder = await signUp(ctx.app);
    const token = await requestChange(owner, freshAddress());
    expect((await verifyEmail(intruder, token)).json()).toEqual(FAILED);
    expect((await verifyEmail(intruder, 'not-a-real-token')).json()).toEqual(FAILED);
    const me = await callApi(ctx.app, 'GET', '/api/auth/me', intruder);
    expect(me.json().user.email).toBe(intruder.email);
    expect((await verifyEmail(owner, token)).statusCode).toBe(200);
  });

  it('honours only the newest link of a user', async () => {
    const who = await signUp(ctx.app);
    const first = await requestChange(who, freshAddress());
    const secondEmail = freshAddress();
    const second = await requestChange(who, secondEmail);
    expect((await verifyEmail(who, first)).json()).toEqual(FAILED);
    expect((await verifyEmail(who, second)).json().newEmail).toBe(secondEmail);
  });

  it('answers 409 when the address was registered after the link was sent', async () => {
    const who = await signUp(ctx.app);
    const newEmail = freshAddress();
    const token = await requestChange(who, newEmail);
    await signUp(ctx.app, { email: newEmail });
    const res = await verifyEmail(who, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    expect((await callApi(ctx.app, 'GET', '/api/auth/me', who)).json().user.email).toBe(who.email);
  });

  it('answers 400 with a message when the token is missing', async () => {
    const who = await signUp(ctx.app);
    const res = await callApi(ctx.app, 'GET', '/api/auth/verify-email', who);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe('No verification token found in URL');
  });

  it('answers 401 when signed out, and the link still works for its owner afterwards', async () => {
    const who = await signUp(ctx.app);
    const token = await requestChange(who, freshAddress());
    expect((await verifyEmail(undefined, token)).statusCode).toBe(401);
    expect((await verifyEmail(who, token)).statusCode).toBe(200);
  });
});

describe('two changes at once', () => {
  it('leave only one working link: the requests take turns on the user row', async () => {
    const who = await signUp(ctx.app);
    const answers = await Promise.all([
      changeEmail(who, freshAddress()),
      changeEmail(who, freshAddress()),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const pending = await ctx.database.db
      .select({ id: emailVerifications.id })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, who.userId));
    expect(pending).toHaveLength(1);
  });
});
