import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  cookieOf,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
import { queuedMails, temporaryPasswordIn } from '../../test/mail.ts';
import { issueTemporaryPassword } from '../admin/admin.service.ts';
import { PASSWORD_CHANGE_REQUIRED } from './auth.service.ts';

/**
 * Signing in with a temporary password (docs/product/deviations.md#2-temporary-passwords-are-single-use and docs/product/deviations.md#7-administrators-are-named-by-the-operator): an administrator's
 * or a mailed one signs nobody in; a right one answers 403 password_change_required and the
 * user chooses a new password with it; wrong ones of its shape spend its 5 tries.
 */

let ctx: TestContext;
let clockOffsetMs = 0;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterEach(() => {
  clockOffsetMs = 0;
});

const PASSWORD = 'the original password';
const NEW_PASSWORD = 'a fresh new passphrase';
const CHANGE_REQUIRED = { code: 'password_change_required', message: PASSWORD_CHANGE_REQUIRED };
const INVALID_CREDENTIALS = { code: 'invalid_credentials', message: 'Invalid email or password' };
const INVALID_TEMPORARY = {
  code: 'invalid_temporary_password',
  message: 'Invalid temporary password',
};

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const reset = (email: string, temporaryPassword: string, newPassword = NEW_PASSWORD) =>
  post('/api/auth/reset-password', { email, temporaryPassword, newPassword });
const verify = (email: string, temporaryPassword: string) =>
  post('/api/auth/verify-temporary-password', { email, temporaryPassword });
const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/**
 * A user with a password of their own, and a temporary one an administrator made them (as the
 * Admin tab's route and the console's reset-password both make it).
 */
async function userWithTemporaryPassword(): Promise<Session & { temporaryPassword: string }> {
  const user = await signUp(ctx.app, { password: PASSWORD });
  const issued = await issueTemporaryPassword(
    { db: ctx.database.db, now: () => new Date(Date.now() + clockOffsetMs) },
    user.email,
  );
  return { ...user, temporaryPassword: issued.temporaryPassword };
}

/** A temporary password of the right shape that is not the user's (the alphabet has no 0/1). */
const wrongTemporary = (i: number) => `WRNG-${i}${i}${i}${i}-XXXX`;

describe('signing in with a temporary password', () => {
  it('answers 403 password_change_required and starts no session', async () => {
    const { email, userId, temporaryPassword } = await userWithTemporaryPassword();
    const res = await login(email, temporaryPassword);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CHANGE_REQUIRED);
    expect(cookieOf(res)).toBe('');
    expect(res.cookies.map((c) => c.name)).not.toContain('sid');
    expect(res.headers['set-cookie']).toBeUndefined();
    // A right answer does not use up a try.
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(0);
  });

  it('takes it typed in lower case with spaces instead of hyphens', async () => {
    const { email, temporaryPassword } = await userWithTemporaryPassword();
    const typed = ` ${temporaryPassword.toLowerCase().replaceAll('-', ' ')} `;
    expect((await login(email, typed)).json()).toEqual(CHANGE_REQUIRED);
  });

  it('keeps the old password working until the new one is chosen, then only the new one', async () => {
    const { email, cookie, temporaryPassword } = await userWithTemporaryPassword();
    expect((await login(email, temporaryPassword)).statusCode).toBe(403);
    const old = await login(email, PASSWORD);
    expect(old.statusCode).toBe(200);
    expect(cookieOf(old)).not.toBe('');
    // Signing in with the old password leaves the temporary one standing.
    expect((await login(email, temporaryPassword)).json()).toEqual(CHANGE_REQUIRED);

    const res = await reset(email, temporaryPassword);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await me(cookieOf(fresh))).json().user.email).toBe(email);
    expect((await login(email, PASSWORD)).json()).toEqual(INVALID_CREDENTIALS);
    // Used: now it is just a wrong password.
    const used = await login(email, temporaryPassword);
    expect(used.statusCode).toBe(401);
    expect(used.json()).toEqual(INVALID_CREDENTIALS);
  });

  it('works for the temporary password a Forgot password mail carried too', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD });
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const mail = (await queuedMails(ctx.database.db, email)).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    expect((await login(email, temporaryPasswordIn(mail))).json()).toEqual(CHANGE_REQUIRED);
  });

  it('answers 401 once the temporary password has expired', async () => {
    const { email, temporaryPassword } = await userWithTemporaryPassword();
    clockOffsetMs = 29 * 60_000;
    expect((await login(email, temporaryPassword)).statusCode).toBe(403);
    clockOffsetMs = 30 * 60_000 + 1_000;
    const res = await login(email, temporaryPassword);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_CREDENTIALS);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('works only for the user it was made for', async () => {
    const owner = await userWithTemporaryPassword();
    const other = await userWithTemporaryPassword();
    const res = await login(other.email, owner.temporaryPassword);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_CREDENTIALS);
    expect((await login(owner.email, owner.temporaryPassword)).statusCode).toBe(403);
  });
});

describe('wrong passwords', () => {
  it('a wrong password of the temporary shape answers 401 and spends a try', async () => {
    const { email, userId, temporaryPassword } = await userWithTemporaryPassword();
    const res = await login(email, wrongTemporary(2));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_CREDENTIALS);
    expect(cookieOf(res)).toBe('');
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(1);
    expect((await login(email, temporaryPassword)).statusCode).toBe(403);
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(1);
  });

  it('an ordinary wrong password does not spend a try', async () => {
    const { email, userId, temporaryPassword } = await userWithTemporaryPassword();
    for (const password of ['not the password', 'WRNG-2222-XXXX-EXTRA', 'short']) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_CREDENTIALS);
    }
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(0);
    expect((await login(email, temporaryPassword)).statusCode).toBe(403);
  });

  it('the right one still works after 4 wrong tries', async () => {
    const { email, userId, temporaryPassword } = await userWithTemporaryPassword();
    for (let i = 2; i < 6; i++)
      expect((await login(email, wrongTemporary(i))).statusCode).toBe(401);
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(4);
    expect((await login(email, temporaryPassword)).json()).toEqual(CHANGE_REQUIRED);
  });

  it('the fifth wrong try voids the temporary password', async () => {
    const { email, userId, temporaryPassword } = await userWithTemporaryPassword();
    for (let i = 2; i < 7; i++) {
      const res = await login(email, wrongTemporary(i));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_CREDENTIALS);
    }
    const row = await userRow(userId);
    expect(row.temporaryPasswordHash).toBeNull();
    expect(row.temporaryPasswordExpiresAt).toBeNull();
    // Sign-in itself is now held back for this address (5 failures a minute), so the voided
    // password is tried where it would otherwise be used.
    expect((await verify(email, temporaryPassword)).json()).toEqual(INVALID_TEMPORARY);
    expect((await reset(email, temporaryPassword)).json()).toEqual(INVALID_TEMPORARY);
  });

  it('a temporary-shaped password for a user who has none answers 401', async () => {
    const { email, userId } = await signUp(ctx.app, { password: PASSWORD });
    const res = await login(email, wrongTemporary(3));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_CREDENTIALS);
    expect((await userRow(userId)).temporaryPasswordAttempts).toBe(0);
  });
});
