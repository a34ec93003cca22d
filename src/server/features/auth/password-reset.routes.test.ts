import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '../../../shared/schemas/auth.ts';
import { users } from '../../db/schema/index.ts';
import { cookieOf, createTestApp, nextIp, signUp, type TestContext } from '../../test/app.ts';
import { queuedMails, temporaryPasswordIn } from '../../test/mail.ts';

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

const PASSWORD = 'the original password';
const NEW_PASSWORD = 'a fresh new passphrase';

const post = (url: string, payload: object, ip = nextIp(), cookie = '') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
const forgot = (email: string, ip?: string) => post('/api/auth/forgot-password', { email }, ip);
const verify = (email: string, temporaryPassword: string, ip?: string) =>
  post('/api/auth/verify-temporary-password', { email, temporaryPassword }, ip);
const reset = (email: string, temporaryPassword: string, newPassword = NEW_PASSWORD) =>
  post('/api/auth/reset-password', { email, temporaryPassword, newPassword });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Asks for a temporary password for the address and reads it from the queued mail. */
async function temporaryPasswordFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = (await queuedMails(ctx.database.db, email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return temporaryPasswordIn(mail);
}

const INVALID = { code: 'invalid_temporary_password', message: 'Invalid temporary password' };

describe('POST /api/auth/forgot-password', () => {
  it('answers byte for byte the same for an address with an account and one without', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headers = (res: typeof known) => {
      const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    expect(headers(unknown)).toEqual(headers(known));
  });

  it('queues a mail with the temporary password only for an address with an account', async () => {
    const { email, userId } = await signUp(ctx.app, { password: PASSWORD, firstName: 'Ada' });
    const before = (await queuedMails(ctx.database.db)).length;
    const res = await forgot(email.toUpperCase());
    const mails = await queuedMails(ctx.database.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Hourbook temporary password');
    expect(mails[0]?.text).toMatch(/^Hello Ada,/);
    const temporaryPassword = temporaryPasswordIn(mails[0]!);
    expect(res.body).not.toContain(temporaryPassword);
    const row = await userRow(userId);
    expect(row.temporaryPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row.temporaryPasswordAttempts).toBe(0);
    const ttl = row.temporaryPasswordExpiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);

    await forgot('still-nobody@example.com');
    expect(await queuedMails(ctx.database.db, 'still-nobody@example.com')).toEqual([]);
    expect(await queuedMails(ctx.database.db)).toHaveLength(before + 1);
  });

  it('mails a link back to the page at the code step, and says an earlier code no longer works', async () => {
    const { email } = await signUp(ctx.app);
    await forgot(email);
    const [mail] = await queuedMails(ctx.database.db, email);
    const link = `https://hours.example.org/forgot-password?email=${encodeURIComponent(email)}&step=code`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail?.text).toContain('one mailed before this one no longer does');
  });

  it('in production without PUBLIC_URL, still mails the temporary password, without a link', async () => {
    const bare = await createTestApp({ requirePublicUrl: true });
    const { email } = await signUp(bare.app);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: nextIp(),
      headers: { host: 'attacker.example' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await queuedMails(bare.database.db, email);
    expect(temporaryPasswordIn(mail!)).toBeTruthy();
    expect(mail?.text).not.toContain('/forgot-password?');
    expect(mail?.text).not.toContain('attacker.example');
  });

  it('refuses an invalid address with a message', async () => {
    const res = await forgot('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('Please enter a valid email address');
  });

  it('answers 429 with Retry-After to the third request for one address within a minute, known or not', async () => {
    const { email } = await signUp(ctx.app);
    for (const address of [email, 'ghost@example.com']) {
      expect((await forgot(address)).statusCode).toBe(200);
      expect((await forgot(address)).statusCode).toBe(200);
      const third = await forgot(address);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await queuedMails(ctx.database.db, email)).toHaveLength(2);
  });

  it('limits requests per network', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await forgot(`spray${i}@example.com`, ip)).statusCode).toBe(200);
    }
    const res = await forgot('spray-last@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/from your network/);
  });
});

describe('POST /api/auth/verify-temporary-password', () => {
  it('accepts the mailed temporary password without spending it', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    const temporaryPassword = await temporaryPasswordFor(email);
    for (let i = 0; i < 6; i++) {
      const res = await verify(email, temporaryPassword);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Temporary password accepted. Choose a new password.',
      });
    }
    // Signing in with the old password still works until the reset.
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('accepts it typed in lower case with spaces instead of hyphens', async () => {
    const { email } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    const typed = ` ${temporaryPassword.toLowerCase().replaceAll('-', ' ')} `;
    expect((await verify(email, typed)).statusCode).toBe(200);
  });

  it('answers the same 400 for an unknown address, no temporary password and a wrong one', async () => {
    const { email } = await signUp(ctx.app);
    const none = await verify(email, 'AAAA-BBBB-CCCC');
    const unknown = await verify('nobody-at-all@example.com', 'AAAA-BBBB-CCCC');
    await temporaryPasswordFor(email);
    const wrong = await verify(email, 'AAAA-BBBB-CCCC');
    for (const res of [none, unknown, wrong]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
  });

  it('works only for the address it was sent to', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(owner.email);
    await temporaryPasswordFor(other.email);
    expect((await verify(other.email, temporaryPassword)).json()).toEqual(INVALID);
    expect((await reset(other.email, temporaryPassword)).json()).toEqual(INVALID);
    expect((await login(other.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('works within 30 minutes and not after', async () => {
    const { email } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    clockOffsetMs = 29 * 60_000;
    expect((await verify(email, temporaryPassword)).statusCode).toBe(200);
    clockOffsetMs = 30 * 60_000 + 1_000;
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID);
    expect((await reset(email, temporaryPassword)).json()).toEqual(INVALID);
  });

  it('voids the temporary password at the fifth wrong try', async () => {
    const { email, userId } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    for (let i = 0; i < 4; i++) {
      expect((await verify(email, `WRNG-${i}${i}${i}${i}-XXXX`)).json()).toEqual(INVALID);
    }
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(4);
    // A right answer does not use up a try.
    expect((await verify(email, temporaryPassword)).statusCode).toBe(200);
    expect((await verify(email, 'WRNG-5555-XXXX')).json()).toEqual(INVALID);
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID);
    expect((await userRow(userId)).temporaryPasswordHash).toBeNull();
  });

  it('voids the temporary password after a burst of 12 parallel wrong guesses', async () => {
    const { email, userId } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    const guesses = Array.from({ length: 12 }, (_, i) => verify(email, `GESS-${1000 + i}-XXXX`));
    for (const res of await Promise.all(guesses)) expect(res.json()).toEqual(INVALID);
    expect((await userRow(userId)).temporaryPasswordHash).toBeNull();
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID);
  });

  it('refuses even the right temporary password once its 5 tries are taken', async () => {
    const { email, userId } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    // The moment a fifth parallel guess holds the last try and has not voided it yet.
    await ctx.database.db
      .update(users)
      .set({ temporaryPasswordAttempts: 5 })
      .where(eq(users.id, userId));
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID);
    expect((await reset(email, temporaryPassword)).json()).toEqual(INVALID);
  });

  it('a new request replaces the earlier temporary password', async () => {
    const { email } = await signUp(ctx.app);
    const first = await temporaryPasswordFor(email);
    const second = await temporaryPasswordFor(email);
    expect(second).not.toBe(first);
    expect((await verify(email, first)).json()).toEqual(INVALID);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('refuses an empty temporary password with a message', async () => {
    const res = await verify('a@example.com', '  ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.temporaryPassword).toBe('Please enter the temporary password');
  });

  it('limits attempts per network', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await verify(`probe${i}@example.com`, 'AAAA-BBBB-CCCC', ip);
    const res = await verify('probe-last@example.com', 'AAAA-BBBB-CCCC', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session and works only once', async () => {
    const { email, cookie } = await signUp(ctx.app, { password: PASSWORD });
    const other = cookieOf(await login(email, PASSWORD));
    const temporaryPassword = await temporaryPasswordFor(email);
    const res = await reset(email, temporaryPassword);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been reset. You can now log in with your new password.',
    });
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(email, temporaryPassword, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID);
  });

  it('lets only one of two parallel resets with the same temporary password through', async () => {
    const { email } = await signUp(ctx.app);
    const temporaryPassword = await temporaryPasswordFor(email);
    const answers = await Promise.all([
      reset(email, temporaryPassword, 'first parallel passphrase'),
      reset(email, temporaryPassword, 'second parallel passphrase'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a common password and keeps the temporary one', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    const temporaryPassword = await temporaryPasswordFor(email);
    const res = await reset(email, temporaryPassword, 'password');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toMatch(/too common/);
    expect((await reset(email, temporaryPassword)).statusCode).toBe(200);
  });

  it('refuses the temporary password itself as the new one, however it is typed', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    const temporaryPassword = await temporaryPasswordFor(email);
    for (const typed of [temporaryPassword, temporaryPassword.toLowerCase().replace(/-/g, ' ')]) {
      const res = await reset(email, temporaryPassword, typed);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.newPassword).toBe(
        'Choose a password of your own, not the temporary one',
      );
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await reset(email, temporaryPassword)).statusCode).toBe(200);
  });

  it('refuses a short new password with a message and changes nothing', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    const temporaryPassword = await temporaryPasswordFor(email);
    const res = await reset(email, temporaryPassword, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.newPassword).toBe('Password must be at least 8 characters');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 for a wrong temporary password and keeps the old password', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    await temporaryPasswordFor(email);
    expect((await reset(email, 'AAAA-BBBB-CCCC')).json()).toEqual(INVALID);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });
});
