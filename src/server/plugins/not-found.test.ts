import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-prerendered-'));
  mkdirSync(join(dir, 'prerendered'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'prerendered', 'login.html'), '<!doctype html><h1>Sign in</h1>');
  writeFileSync(
    join(dir, 'prerendered', 'pages.json'),
    JSON.stringify({ '/login': 'prerendered/login.html' }),
  );
  writeFileSync(
    join(dir, 'prerendered', 'shell-employers.html'),
    '<!doctype html><link rel="modulepreload" href="/assets/employers-page.js"><div id="root"></div>',
  );
  writeFileSync(
    join(dir, 'prerendered', 'shells.json'),
    JSON.stringify({ '/employers': 'prerendered/shell-employers.html' }),
  );
  ctx = await createTestApp({ clientDir: dir, trustProxy: true });
});

const page = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/Login/', headers });

describe('prerendered pages', () => {
  it('gives a visitor without a session cookie the page already rendered', async () => {
    const res = await page({});
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Sign in</h1>');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it('gives anyone with a session cookie the empty shell, under its HTTPS name too', async () => {
    expect((await page({ cookie: 'sid=abc' })).body).toContain('<div id="root">');
    const https = { 'x-forwarded-proto': 'https' };
    expect((await page({ ...https, cookie: '__Host-sid=abc' })).body).toContain('<div id="root">');
    // Over HTTPS the plain name is not the session cookie.
    expect((await page({ ...https, cookie: 'sid=abc' })).body).toContain('<h1>Sign in</h1>');
  });

  it("gives a session's page the shell that preloads that page's code, in any case", async () => {
    const employers = await ctx.app.inject({
      method: 'GET',
      url: '/Employers/',
      headers: { cookie: 'sid=abc' },
    });
    expect(employers.statusCode).toBe(200);
    expect(employers.body).toContain('employers-page.js');
    expect(employers.headers.vary).toMatch(/Cookie/);
    // Without a session cookie the page is the sign-in form: the plain shell, nothing preloaded.
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/employers' });
    expect(signedOut.body).toBe('<!doctype html><div id="root"></div>');
    expect(signedOut.headers.vary).toMatch(/Cookie/);
    // A page without a shell of its own gets the plain shell.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { cookie: 'sid=abc' },
    });
    expect(other.body).toBe('<!doctype html><div id="root"></div>');
  });
});
