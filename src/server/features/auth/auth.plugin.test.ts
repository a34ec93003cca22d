import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const unauthenticated = { code: 'unauthenticated', message: 'Please sign in to continue' };

describe('a signed-out call to a route that needs a session', () => {
  it.each([
    ['POST', '/api/employers', { name: '', hourlyRate: 'lots' }],
    ['PATCH', '/api/employers/not-a-number', { name: 42 }],
    ['DELETE', '/api/employers/not-a-number', undefined],
    ['GET', '/api/work-logs?from=yesterday&limit=-3', undefined],
    ['POST', '/api/work-logs', { date: 'soon' }],
    ['DELETE', '/api/work-logs/99999999999', undefined],
    ['GET', '/api/settings', undefined],
    ['POST', '/api/auth/check-email-exists', { email: 'not an address' }],
    ['POST', '/api/auth/logout', undefined],
  ] as const)('%s %s answers 401 before looking at what it sent', async (method, url, payload) => {
    const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });

  it('is refused by the one onRequest hook alone: no route adds a session guard of its own', () => {
    // Deny by default: a route needs no guard of its own (the authorization matrix proves 401
    // on every route), so none is kept to drift from the hook.
    const routes = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(routes).toMatch(/\(onRequest\)/);
    expect(routes).not.toMatch(/requireAuth/);
  });

  it('answers 401 before reading a body that is not even JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a session cookie that matches no session', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/employers',
      headers: { cookie: 'sid=made-up' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('public routes', () => {
  it('validate a signed-out call as usual', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answer a signed-out call', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
