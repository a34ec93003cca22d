import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, signUp, type TestContext } from '../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const body = JSON.stringify({
  email: 'csrf@example.com',
  password: 'long enough pass',
  confirmPassword: 'long enough pass',
});

describe('cross-site request protection', () => {
  it('answers 415 to a state-changing call that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: body,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 415 to a form post, which any site could send', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=x',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 403 when the browser says the request is cross-site', async () => {
    const { cookie } = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'cross_site_request' });
    // The session is untouched.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers 403 to a foreign Origin and accepts our own', async () => {
    const { cookie } = await signUp(ctx.app);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', host: 'hours.example.com' },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie,
        origin: 'http://hours.example.com',
        host: 'hours.example.com',
        'sec-fetch-site': 'same-origin',
      },
      payload: {},
    });
    expect(own.statusCode).toBe(200);
  });

  it('needs no content type for a call without a body: a logout, a DELETE', async () => {
    const { cookie } = await signUp(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: { cookie },
      payload: { name: 'Acme', hourlyRate: '20' },
    });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/employers/${created.json().id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
  });

  it('still refuses a call without a body from another site or origin', async () => {
    const { cookie } = await signUp(ctx.app);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/employers/1',
      headers: { cookie, origin: 'https://evil.example', host: 'hours.example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'cross_site_request' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers 415 to a body that is not JSON, even on a call that needs none', async () => {
    const { cookie } = await signUp(ctx.app);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url: method === 'POST' ? '/api/auth/logout' : '/api/employers/1',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'bye',
      });
      expect(res.statusCode).toBe(415);
    }
    const noType = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      payload: Buffer.from('{}'),
    });
    expect(noType.statusCode).toBe(415);
  });

  it('lets reads through without a content type', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP with no inline script, nosniff and a referrer policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('caching', () => {
  it('tells every cache to keep no API answer, signed in or not, success or error', async () => {
    const { cookie } = await signUp(ctx.app);
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }),
      ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } }),
      ctx.app.inject({ method: 'GET', url: '/api/employers' }),
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/api/nope' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
        remoteAddress: nextIp(),
      }),
    ]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets only the browser keep a tagged list, to ask again with its tag before each use', async () => {
    const { cookie } = await signUp(ctx.app);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/employers',
      headers: { cookie },
    });
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(list.headers.etag).toMatch(/^"\d+-[\w-]+"$/);
    expect(list.headers.vary).toContain('Cookie');
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/employers' });
    expect(signedOut.headers['cache-control']).toBe('no-store');
    expect(signedOut.headers.etag).toBeUndefined();
  });
});

describe('behind an HTTPS proxy', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestApp({ trustProxy: true });
  });

  it('uses a Secure __Host- cookie and sends HSTS', async () => {
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'hours.example.com' },
      payload: JSON.parse(body),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const sid = res.cookies.find((c) => c.name === '__Host-sid');
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const me = await secure.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https', cookie: `__Host-sid=${sid!.value}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('error shape', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'The request body is not valid JSON',
    });
  });
});
