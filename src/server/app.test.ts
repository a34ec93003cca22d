import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ clientDir: dir });
});

describe('serving the client', () => {
  it('answers app routes with index.html, uncached, whatever their case', async () => {
    for (const url of ['/', '/employers', '/EMPLOYERS', '/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/employers-nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a page request with another method as a JSON error, not the app', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/employers', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
