import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect } from '../../db/open.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('GET /api/health', () => {
  it('answers ok with the version when the database is reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: 'test', database: 'external' });
  });
});

describe('GET /api/health with the database down', () => {
  it('answers 503 in our words, with or without a session cookie', async () => {
    const database = connect('postgres://hourbook@127.0.0.1:1/nowhere', 'external');
    const app = await buildApp({
      database,
      secret: randomBytes(32),
      version: 'test',
      sessionCache: false,
      clientDir: '/nonexistent',
    });
    try {
      for (const headers of [{}, { cookie: `sid=${'a'.repeat(43)}` }]) {
        const res = await app.inject({ method: 'GET', url: '/api/health', headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          code: 'internal_error',
          message: 'The database is not reachable',
        });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
