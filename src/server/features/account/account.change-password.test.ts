import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  cookieOf,
  createTestApp,
  nextIp,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword } from '../auth/passwords.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const OLD = 'the old long password';
const NEW = 'a brand new passphrase';

const change = (cookie: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: cookie ? { cookie } : {},
    payload,
  });
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const storedHash = async (userId: number) => {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return row!.passwordHash;
};

describe('POST /api/auth/change-password', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const who = await signUp(ctx.app, { password: OLD });
    const res = await change(who.cookie, { currentPassword: OLD, newPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await login(who.email, OLD)).statusCode).toBe(401);
    expect((await login(who.email, NEW)).statusCode).toBe(200);
  });

  it("signs out the user's other browsers at once and gives this one a new session", async () => {
    const who = await signUp(ctx.app, { password: OLD });
    const other = cookieOf(await login(who.email, OLD));
    expect((await me(other)).statusCode).toBe(200);
    const res = await change(who.cookie, { currentPassword: OLD, newPassword: NEW });
    const fresh = cookieOf(res);
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(who.cookie);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(who.cookie)).statusCode).toBe(401);
    const answer = await me(fresh);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.id).toBe(who.userId);
  });

  it('ends a pending temporary password with the old one', async () => {
    const who = await signUp(ctx.app, { password: OLD });
    await ctx.database.db
      .update(users)
      .set({
        temporaryPasswordHash: await hashPassword('temporary-1234'),
        temporaryPasswordExpiresAt: new Date(Date.now() + 60_000),
      })
      .where(eq(users.id, who.userId));
    await change(who.cookie, { currentPassword: OLD, newPassword: NEW });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, who.userId));
    expect(row).toMatchObject({ temporaryPasswordHash: null, temporaryPasswordExpiresAt: null });
  });

  it('refuses a wrong current password and keeps the stored hash and the session', async () => {
    const who = await signUp(ctx.app, { password: OLD });
    const before = await storedHash(who.userId);
    const res = await change(who.cookie, { currentPassword: 'not my password', newPassword: NEW });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_current_password',
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect(await storedHash(who.userId)).toBe(before);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: OLD, newPassword: 'password' }, 'newPassword', COMMON_PASSWORD_MESSAGE],
    [
      { currentPassword: OLD, newPassword: OLD },
      'newPassword',
      'New password must be different from your current password',
    ],
    [
      { currentPassword: OLD, newPassword: 'short' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
    [
      { currentPassword: OLD, newPassword: 'x'.repeat(129) },
      'newPassword',
      'Password must be less than 128 characters',
    ],
    [{ currentPassword: '', newPassword: NEW }, 'currentPassword', 'Current password is required'],
    [{ newPassword: NEW }, 'currentPassword', 'Current password is required'],
  ])('refuses %j with a message and changes nothing', async (body, field, message) => {
    const who = await signUp(ctx.app, { password: OLD });
    const before = await storedHash(who.userId);
    const res = await change(who.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    expect(await storedHash(who.userId)).toBe(before);
    expect((await me(who.cookie)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to the sixth wrong password within a minute', async () => {
    const who = await signUp(ctx.app, { password: OLD });
    for (let i = 0; i < 5; i++) {
      const res = await change(who.cookie, { currentPassword: `wrong ${i}`, newPassword: NEW });
      expect(res.statusCode).toBe(400);
    }
    const sixth = await change(who.cookie, { currentPassword: OLD, newPassword: NEW });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(who.email, OLD)).statusCode).toBe(200);
  });

  it('does not count a right password against the limit', async () => {
    const who = await signUp(ctx.app, { password: OLD });
    let cookie = who.cookie;
    let current = OLD;
    for (let i = 0; i < 6; i++) {
      const next = `rotating passphrase ${i}`;
      const res = await change(cookie, { currentPassword: current, newPassword: next });
      expect(res.statusCode, res.body).toBe(200);
      cookie = cookieOf(res);
      current = next;
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await change(undefined, { currentPassword: OLD, newPassword: NEW });
    expect(res.statusCode).toBe(401);
  });

  it("changes only the signed-in user's password and sessions", async () => {
    const a = await signUp(ctx.app, { password: OLD });
    const b: Session = await signUp(ctx.app, { password: OLD });
    const bHash = await storedHash(b.userId);
    await change(a.cookie, { currentPassword: OLD, newPassword: NEW });
    expect(await storedHash(b.userId)).toBe(bHash);
    expect((await me(b.cookie)).statusCode).toBe(200);
    expect((await login(b.email, OLD)).statusCode).toBe(200);
  });
});
