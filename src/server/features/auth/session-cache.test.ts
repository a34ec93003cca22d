import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect } from '../../db/open.ts';
import { users } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { SessionCache } from './session-cache.ts';
import { findSessionUser } from './sessions.repository.ts';
import type { SessionUser } from './users.repository.ts';

const user = (id: number) => ({ id }) as SessionUser;
const later = (ms: number) => new Date(Date.now() + ms);

describe('SessionCache', () => {
  it('keeps nothing while it is not listening for changes', () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    cache.set('a', { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) }, ticket);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets an entry after its few seconds, or when the session expires', () => {
    let now = Date.now();
    const cache = new SessionCache(5_000, 10, () => now);
    cache.setListening(true);
    const at = (ms: number) => new Date(now + ms);
    const ticket = cache.ticket();
    cache.set('a', { user: user(1), expire: at(60_000), absoluteExpire: at(60_000) }, ticket);
    cache.set('b', { user: user(2), expire: at(1_000), absoluteExpire: at(60_000) }, ticket);
    cache.set('c', { user: user(3), expire: at(60_000), absoluteExpire: at(2_000) }, ticket);
    cache.set('d', { user: user(4), expire: at(0), absoluteExpire: at(60_000) }, ticket);
    expect(cache.get('d')).toBeUndefined();
    now += 999;
    expect(cache.get('b')?.user.id).toBe(2);
    now += 2;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(3);
    now += 1_000;
    expect(cache.get('c')).toBeUndefined();
    now += 2_998;
    expect(cache.get('a')?.user.id).toBe(1);
    now += 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a session or every session of a user when told', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const session = { expire: later(60_000), absoluteExpire: later(60_000) };
    cache.set('a', { user: user(1), ...session }, cache.ticket());
    cache.set('b', { user: user(1), ...session }, cache.ticket());
    cache.set('c', { user: user(2), ...session }, cache.ticket());
    cache.drop('s:a');
    expect(cache.get('a')).toBeUndefined();
    cache.drop('u:1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
  });

  it('holds at most its maximum, dropping the least recently used', () => {
    const cache = new SessionCache(5_000, 2);
    cache.setListening(true);
    const session = { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) };
    cache.set('a', session, cache.ticket());
    cache.set('b', session, cache.ticket());
    cache.set('c', session, cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    // 'b' was stored before 'c' but read since: 'c' goes first.
    expect(cache.get('b')).toBeDefined();
    cache.set('d', session, cache.ticket());
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeUndefined();
  });

  it('does not store a read that started before its session or its user was dropped', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const session = { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) };
    const beforeLogout = cache.ticket();
    cache.drop('s:a');
    cache.set('a', session, beforeLogout);
    expect(cache.get('a')).toBeUndefined();
    const beforePasswordChange = cache.ticket();
    cache.drop('u:1');
    cache.set('b', session, beforePasswordChange);
    expect(cache.get('b')).toBeUndefined();
    // A read that started after the drop saw the change, and may be kept.
    cache.set('c', session, cache.ticket());
    expect(cache.get('c')?.user.id).toBe(1);
  });

  it('does not store a read that started before the listening connection came back', () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    cache.setListening(true);
    cache.set('a', { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) }, ticket);
    expect(cache.get('a')).toBeUndefined();
  });

  it('still refuses a raced read after forgetting who was dropped, to stay small', () => {
    const cache = new SessionCache(5_000, 3);
    cache.setListening(true);
    const ticket = cache.ticket();
    for (let i = 0; i < 10; i++) cache.drop(`u:${100 + i}`);
    cache.drop('u:1');
    cache.set('a', { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) }, ticket);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('two server instances on one database', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const database = connect(ctx.databaseUrl, 'external');
    other = await buildApp({
      database,
      secret: randomBytes(32),
      version: 'test',
      clientDir: '/none',
    });
    return async () => {
      await other.close();
      await database.close();
    };
  });

  const me = (app: typeof other, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  /** Notifications arrive within milliseconds; allow up to two seconds on a busy machine. */
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 40 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  }

  it('a logout on one instance ends the session on the other at once', async () => {
    const { cookie } = await signUp(ctx.app);
    expect((await me(other, cookie)).statusCode).toBe(200); // now cached on `other`
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      payload: {},
    });
    await eventually(async () => (await me(other, cookie)).statusCode === 401);
  });

  it('a change to the user reaches the other instance at once', async () => {
    const { cookie, userId } = await signUp(ctx.app, { firstName: 'Before' });
    expect((await me(other, cookie)).json().user.firstName).toBe('Before');
    await ctx.database.db.update(users).set({ firstName: 'After' }).where(eq(users.id, userId));
    await eventually(async () => (await me(other, cookie)).json().user?.firstName === 'After');
  });

  it('a deleted user is signed out everywhere at once', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    expect((await me(other, cookie)).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.id, userId));
    await eventually(async () => (await me(other, cookie)).statusCode === 401);
  });
});

describe('a session read racing its logout', () => {
  let ctx: TestContext;
  /** Session reads that reached the database; the next one waits at `gate` when it is set. */
  let reads = 0;
  let gate: { reached: () => void; release: Promise<void> } | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.app.get('/api/test/request-user', async (request) => request.user);
    // Injects the interleaving: a read's answer from PostgreSQL is held until the test lets
    // it go, so a logout can land between the read and the moment it is cached.
    const pool = ctx.database.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = (async (...args: unknown[]) => {
      const result = await query(...args);
      if ((args[0] as { name?: string } | undefined)?.name === 'find_session_user') {
        reads++;
        const held = gate;
        gate = undefined;
        if (held) {
          held.reached();
          await held.release;
        }
      }
      return result;
    }) as typeof pool.query;
  });

  const me = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  /** The cache works once its LISTEN connection is up: a second read then needs no query. */
  async function cacheIsOn(cookie: string) {
    for (let i = 0; i < 40; i++) {
      await me(cookie);
      const before = reads;
      await me(cookie);
      if (reads === before) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the session cache never came on');
  }

  it('never answers with a session after its logout has returned', async () => {
    const warmUp = await signUp(ctx.app);
    await cacheIsOn(warmUp.cookie);
    const { cookie } = await signUp(ctx.app);

    let reached = () => {};
    let release = () => {};
    const atGate = new Promise<void>((resolve) => {
      reached = resolve;
    });
    gate = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const slowRead = me(cookie); // reads the live session, then waits at the gate
    await atGate;

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    // Let the logout's NOTIFY arrive first, so only the ticket can keep the stale read out.
    await new Promise((r) => setTimeout(r, 300));
    release();
    expect((await slowRead).statusCode).toBe(200); // it started before the logout

    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('keeps no password hash in the cache or in request.user', async () => {
    const { cookie } = await signUp(ctx.app);
    const token = cookie.replace('sid=', '');
    const cache = new SessionCache();
    cache.setListening(true);
    await findSessionUser(ctx.database.db, token, cache);
    const cached = cache.get(sha256Hex(token));
    expect(cached).toBeDefined();
    const expected = [
      'accountId',
      'createdAt',
      'email',
      'emailVerified',
      'firstName',
      'id',
      'isAdmin',
      'lastName',
      'profileImageUrl',
      'updatedAt',
    ];
    expect(Object.keys(cached!.user).sort()).toEqual(expected);
    expect(JSON.stringify(cached)).not.toMatch(/argon2|password|hash/i);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/request-user',
      headers: { cookie },
    });
    expect(Object.keys(res.json()).sort()).toEqual(expected);
    expect(res.body).not.toMatch(/argon2|password|hash/i);
  });
});
