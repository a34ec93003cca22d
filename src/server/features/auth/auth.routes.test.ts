import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, settings, users } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { cookieOf, createTestApp, nextIp, signUp, type TestContext } from '../../test/app.ts';
import { waitFor } from '../../test/jobs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: ['boss@example.com'] });
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const get = (url: string, cookie = '') =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const registration = (email: string, password = 'a long enough secret') => ({
  email,
  password,
  confirmPassword: password,
});

describe('POST /api/auth/register', () => {
  it('creates the user with a settings row and signs them in', async () => {
    const res = await post('/api/auth/register', {
      ...registration('New.Person@Example.com'),
      firstName: 'Ada',
      lastName: 'Lovelace',
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: false,
      // Nothing has proven the address yet (a mailed link does).
      emailVerified: false,
    });
    expect(user.accountId).toMatch(/^HB-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(JSON.stringify(user)).not.toMatch(/password|hash|argon/i);
    const [row] = await ctx.database.db.select().from(settings).where(eq(settings.userId, user.id));
    expect(row).toMatchObject({ timeZone: 'Europe/Berlin', timeFormat: '12-hour', theme: 'light' });
    const me = await get('/api/auth/me', cookieOf(res));
    expect(me.json().user.id).toBe(user.id);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
    const res = await post('/api/auth/register', registration('cookie@example.com'));
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.value.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sha256Hex(sid!.value)));
    expect(rows).toHaveLength(1);
    const raw = await ctx.database.db.select().from(sessions).where(eq(sessions.sid, sid!.value));
    expect(raw).toHaveLength(0);
  });

  it('stores the password as an argon2id hash with at least 19 MiB and two passes', async () => {
    await post('/api/auth/register', registration('hash@example.com'));
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'hash@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    const params = Object.fromEntries(
      (row?.passwordHash.split('$')[3] ?? '').split(',').map((p) => p.split('=')),
    );
    expect(Number(params.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(params.t)).toBeGreaterThanOrEqual(2);
  });

  it('accepts any characters in a password', async () => {
    const password = '  ünï cødé 🔑 "quotes" \\ ';
    const res = await post('/api/auth/register', registration('unicode@example.com', password));
    expect(res.statusCode).toBe(201);
    const login = await post('/api/auth/login', { email: 'unicode@example.com', password });
    expect(login.statusCode).toBe(200);
  });

  it('falls back to Eastern Time for an unknown time zone', async () => {
    const res = await post('/api/auth/register', {
      ...registration('zone@example.com'),
      timeZone: 'Mars/Olympus_Mons',
    });
    const [row] = await ctx.database.db
      .select()
      .from(settings)
      .where(eq(settings.userId, res.json().user.id));
    expect(row?.timeZone).toBe('America/New_York');
  });

  it.each([
    [
      { ...registration('x@example.com'), email: 'not-an-email' },
      'email',
      'Please enter a valid email address',
    ],
    [registration('x@example.com', 'short'), 'password', 'Password must be at least 8 characters'],
    [
      registration('x@example.com', 'x'.repeat(129)),
      'password',
      'Password must be less than 128 characters',
    ],
    [
      { ...registration('x@example.com'), confirmPassword: '' },
      'confirmPassword',
      'Please confirm your password',
    ],
    [
      { ...registration('x@example.com'), confirmPassword: 'something else' },
      'confirmPassword',
      "Passwords don't match",
    ],
  ])('refuses %j with the message for %s', async (body, field, message) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: message } });
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'x@example.com'));
    expect(count?.n).toBe(0);
  });

  it('refuses a password from the list of common passwords', async () => {
    const res = await post('/api/auth/register', registration('common@example.com', 'password123'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toMatch(/too common/);
  });

  it('answers 409 for an e-mail that is already registered, in any case', async () => {
    await post('/api/auth/register', registration('taken@example.com'));
    const res = await post('/api/auth/register', registration('TAKEN@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken' });
  });

  it('creates exactly 10 accounts from 30 parallel sign-ups from one IP address', async () => {
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/auth/register', registration(`parallel${i}@example.com`), {}, ip),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(20);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like 'parallel%@example.com'`);
    expect(count?.n).toBe(10);
  });

  it('counts the addresses of one IPv6 /64 as one client for sign-ups', async () => {
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        post(
          '/api/auth/register',
          registration(`v6-${i}@example.com`),
          {},
          `2001:db8:7::${(i + 1).toString(16)}`,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
    const other = await post(
      '/api/auth/register',
      registration('v6-other@example.com'),
      {},
      '2001:db8:8::1',
    );
    expect(other.statusCode).toBe(201);
  });

  it('limits sign-ups per IP address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/auth/register', registration(`burst${i}@example.com`), {}, ip))
          .statusCode,
      ).toBe(201);
    }
    const res = await post('/api/auth/register', registration('burst10@example.com'), {}, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(
      (await post('/api/auth/register', registration('other-ip@example.com'))).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with a new session id each time', async () => {
    const { email } = await signUp(ctx.app, { password: 'the right password' });
    const first = await post('/api/auth/login', { email, password: 'the right password' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(email);
    const second = await post(
      '/api/auth/login',
      { email: email.toUpperCase(), password: 'the right password' },
      { cookie: cookieOf(first) },
    );
    expect(second.statusCode).toBe(200);
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    // The session the browser had before signing in again is gone.
    expect((await get('/api/auth/me', cookieOf(first))).statusCode).toBe(401);
    expect((await get('/api/auth/me', cookieOf(second))).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const { email } = await signUp(ctx.app);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever it is',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
  ])('refuses %j with the message for %s', async (body, field, message) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('answers 429 to the sixth failed sign-in for one address within a minute', async () => {
    const { email } = await signUp(ctx.app, { password: 'the right password' });
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { email, password: `wrong ${i}` })).statusCode).toBe(
        401,
      );
    }
    const sixth = await post('/api/auth/login', { email, password: 'the right password' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/wait a minute/),
    });
  });

  it('checks only 5 of 40 parallel wrong passwords for one address', async () => {
    const { email } = await signUp(ctx.app, { password: 'the right password' });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/api/auth/login', { email, password: `guess ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(5);
    const limited = results.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(35);
    for (const res of limited) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const right = await post('/api/auth/login', { email, password: 'the right password' });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('lets the right password in during a burst of guesses only within the limit', async () => {
    const { email } = await signUp(ctx.app, { password: 'the right password' });
    const guesses = Array.from({ length: 40 }, (_, i) => ({ email, password: `guess ${i}` }));
    const results = await Promise.all(
      [...guesses, { email, password: 'the right password' }].map((body) =>
        post('/api/auth/login', body),
      ),
    );
    const right = results.at(-1)!;
    const checkedGuesses = results.slice(0, -1).filter((r) => r.statusCode === 401).length;
    expect([200, 429]).toContain(right.statusCode);
    if (right.statusCode === 429) {
      expect(checkedGuesses).toBe(5);
    } else {
      // It took one of the 5 slots (at most 4 guesses before it), then cleared the count.
      expect(checkedGuesses).toBeLessThanOrEqual(4 + 5);
    }
  });

  it('does not lock the owner out on a browser they signed in from before', async () => {
    const { email } = await signUp(ctx.app, { password: 'the right password' });
    const earlier = await post('/api/auth/login', { email, password: 'the right password' });
    const device = earlier.cookies.find((c) => c.name === 'hb_device');
    expect(device).toMatchObject({ httpOnly: true });
    for (let i = 0; i < 6; i++) await post('/api/auth/login', { email, password: `attacker ${i}` });
    expect(
      (await post('/api/auth/login', { email, password: 'the right password' })).statusCode,
    ).toBe(429);
    const owner = await post(
      '/api/auth/login',
      { email, password: 'the right password' },
      { cookie: `hb_device=${device!.value}` },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('ignores a device cookie made for another address', async () => {
    const victim = await signUp(ctx.app, { password: 'the right password' });
    const attacker = await signUp(ctx.app, { password: 'attacker password' });
    const own = await post('/api/auth/login', {
      email: attacker.email,
      password: 'attacker password',
    });
    const device = own.cookies.find((c) => c.name === 'hb_device')!.value;
    for (let i = 0; i < 5; i++)
      await post(
        '/api/auth/login',
        { email: victim.email, password: `guess ${i}` },
        { cookie: `hb_device=${device}` },
      );
    for (let i = 0; i < 5; i++)
      await post(
        '/api/auth/login',
        { email: victim.email, password: `more ${i}` },
        { cookie: `hb_device=${device}` },
      );
    const res = await post(
      '/api/auth/login',
      { email: victim.email, password: 'guess 9' },
      { cookie: `hb_device=${device}` },
    );
    expect(res.statusCode).toBe(429);
  });

  it('limits sign-in attempts per IP address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      await post(
        '/api/auth/login',
        { email: `spray${i}@example.com`, password: 'password guess' },
        {},
        ip,
      );
    }
    const res = await post(
      '/api/auth/login',
      { email: 'spray-last@example.com', password: 'password guess' },
      {},
      ip,
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/from your network/);
  });
});

describe('session endpoints', () => {
  it('GET /api/auth/me answers { user } when signed in and 401 when not', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const res = await get('/api/auth/me', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    const anonymous = await get('/api/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('GET /api/auth/user answers the user itself, 401 signed out', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ id: userId });
    expect((await get('/api/auth/user')).statusCode).toBe(401);
  });

  it('GET /api/auth/admin-status tells admins named by ADMIN_EMAILS, once their address is confirmed', async () => {
    const boss = await signUp(ctx.app, { email: 'Boss@Example.com' });
    const worker = await signUp(ctx.app);
    expect((await get('/api/auth/admin-status', boss.cookie)).json()).toEqual({
      isAdmin: false,
      awaitsEmailConfirmation: true,
    });
    // As the mailed confirmation link does (admin-confirmation.test.ts opens the real one).
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, boss.userId));
    await waitFor(async () => (await get('/api/auth/admin-status', boss.cookie)).json().isAdmin);
    expect((await get('/api/auth/admin-status', boss.cookie)).json()).toEqual({
      isAdmin: true,
      awaitsEmailConfirmation: false,
    });
    expect((await get('/api/auth/admin-status', worker.cookie)).json()).toEqual({
      isAdmin: false,
      awaitsEmailConfirmation: false,
    });
    expect((await get('/api/auth/admin-status')).statusCode).toBe(401);
  });

  it('POST /api/auth/logout deletes the session', async () => {
    const { cookie } = await signUp(ctx.app);
    const res = await post('/api/auth/logout', {}, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/logout', {}, { cookie })).statusCode).toBe(401);
  });

  it('ends a session idle for more than 7 days', async () => {
    const { cookie } = await signUp(ctx.app);
    const sid = sha256Hex(cookie.replace('sid=', ''));
    await ctx.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('ends a session 30 days after sign-in however active it is', async () => {
    const { cookie } = await signUp(ctx.app);
    const sid = sha256Hex(cookie.replace('sid=', ''));
    await ctx.database.db
      .update(sessions)
      .set({ absoluteExpire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('pushes the idle expiry forward when a session is used, never past the absolute one', async () => {
    const { cookie } = await signUp(ctx.app);
    const sid = sha256Hex(cookie.replace('sid=', ''));
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await ctx.database.db.update(sessions).set({ expire: soon }).where(eq(sessions.sid, sid));
    await get('/api/auth/me', cookie);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect(row!.expire.getTime()).toBeLessThanOrEqual(row!.absoluteExpire.getTime());
  });

  it('deleting a user removes their sessions and settings', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.delete(users).where(eq(users.id, userId));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect(
      await ctx.database.db.select().from(settings).where(eq(settings.userId, userId)),
    ).toHaveLength(0);
  });
});

describe('POST /api/auth/check-email-exists', () => {
  it('tells whether an address has an account', async () => {
    const { cookie } = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const yes = await post(
      '/api/auth/check-email-exists',
      { email: other.email.toUpperCase() },
      { cookie },
    );
    expect(yes.json()).toEqual({ exists: true });
    const no = await post(
      '/api/auth/check-email-exists',
      { email: 'free@example.com' },
      { cookie },
    );
    expect(no.json()).toEqual({ exists: false });
  });

  it('answers 429 to the 21st check of a user within a minute', async () => {
    const { cookie } = await signUp(ctx.app);
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/auth/check-email-exists',
        { email: `p${i}@example.com` },
        { cookie },
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await post(
      '/api/auth/check-email-exists',
      { email: 'p20@example.com' },
      { cookie },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many checks/),
    });
  });

  it('refuses an invalid address with a message', async () => {
    const { cookie } = await signUp(ctx.app);
    const res = await post('/api/auth/check-email-exists', { email: 'nope' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('Please enter a valid email address');
  });

  it('answers 401 when signed out', async () => {
    expect(
      (await post('/api/auth/check-email-exists', { email: 'a@example.com' })).statusCode,
    ).toBe(401);
  });
});
