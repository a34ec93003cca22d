import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect } from '../../db/open.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { SessionCache } from './session-cache.ts';
import type { UserRow } from './users.repository.ts';

const user = (id: number) => ({ id }) as UserRow;
const later = (ms: number) => new Date(Date.now() + ms);

describe('SessionCache', () => {
  it('keeps nothing while it is not listening for changes', () => {
    const cache = new SessionCache();
    cache.set('a', { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) });
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets an entry after its few seconds, or when the session expires', () => {
    const cache = new SessionCache(5_000);
    cache.setListening(true);
    const now = Date.now();
    cache.set('a', { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) }, now);
    cache.set('b', { user: user(2), expire: later(1_000), absoluteExpire: later(60_000) }, now);
    expect(cache.get('a', now + 4_000)?.user.id).toBe(1);
    expect(cache.get('a', now + 5_001)).toBeUndefined();
    expect(cache.get('b', now + 1_500)).toBeUndefined();
  });

  it('drops a session or every session of a user when told', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const session = { expire: later(60_000), absoluteExpire: later(60_000) };
    cache.set('a', { user: user(1), ...session });
    cache.set('b', { user: user(1), ...session });
    cache.set('c', { user: user(2), ...session });
    cache.drop('s:a');
    expect(cache.get('a')).toBeUndefined();
    cache.drop('u:1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
  });

  it('holds at most its maximum, dropping the oldest', () => {
    const cache = new SessionCache(5_000, 2);
    cache.setListening(true);
    const session = { user: user(1), expire: later(60_000), absoluteExpire: later(60_000) };
    cache.set('a', session);
    cache.set('b', session);
    cache.set('c', session);
    expect(cache.size).toBe(2);
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
