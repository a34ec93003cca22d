/**
 * A server starved of database connections (every one busy past the pool's wait) answers 503
 * with Retry-After and a message, never 500, and serves again once a connection is free.
 */
import type { FastifyError } from 'fastify';
import type pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerFor } from '../plugins/error-handler.ts';
import { createTestApp, nextIp, type Session, signUp, type TestContext } from '../test/app.ts';
import { addEmployer } from '../test/factories.ts';

let ctx: TestContext;
let owner: Session;
let employerId: number;
let held: pg.PoolClient | undefined;

beforeAll(async () => {
  // One connection, and a short wait for it (long enough to open one on a busy machine), so a
  // test can hold the whole pool.
  ctx = await createTestApp({ pool: { max: 1, connectionTimeoutMillis: 1_000 } });
  owner = await signUp(ctx.app);
  employerId = (await addEmployer(ctx.app, owner, { name: 'Harbour', hourlyRate: '24' })).id;
});
afterEach(() => {
  held?.release();
  held = undefined;
});

const calls = () => [
  { name: 'a list (GET /api/employers)', method: 'GET' as const, url: '/api/employers' },
  {
    name: 'a write in a transaction (POST /api/work-logs)',
    method: 'POST' as const,
    url: '/api/work-logs',
    payload: () => ({ employerId, date: '2024-03-01', startTime: '09:00', endTime: '17:00' }),
  },
  {
    name: 'a single-statement write (PATCH /api/settings/theme)',
    method: 'PATCH' as const,
    url: '/api/settings/theme',
    payload: () => ({ theme: 'dark' }),
  },
];

describe('with every database connection taken', () => {
  for (const call of calls()) {
    it(`${call.name} answers 503 with Retry-After, then works once a connection is free`, async () => {
      const request = {
        method: call.method,
        url: call.url,
        remoteAddress: nextIp(),
        headers: { cookie: owner.cookie },
        ...(call.payload ? { payload: call.payload() } : {}),
      };
      held = await ctx.database.pool.connect();
      const starved = await ctx.app.inject(request);
      expect(starved.statusCode, starved.body).toBe(503);
      expect(Number(starved.headers['retry-after'])).toBeGreaterThan(0);
      expect(starved.json()).toEqual({
        code: 'server_busy',
        message: expect.stringMatching(/busy.*try again/i),
      });

      held.release();
      held = undefined;
      const served = await ctx.app.inject({ ...request, remoteAddress: nextIp() });
      expect(served.statusCode, served.body).toBeLessThan(300);
    });
  }

  it('a sign-in (no session yet) answers 503 too', async () => {
    held = await ctx.database.pool.connect();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: owner.email, password: 'correct horse battery staple' },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('a database that refuses or drops connections', () => {
  const withCode = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });
  it.each([
    ['too many clients', withCode('53300')],
    ['shutting down', withCode('57P01')],
    ['starting up', withCode('57P03')],
    ['a connection failure', withCode('08006')],
    ['a connection the driver lost', new Error('Connection terminated unexpectedly')],
    [
      "the pool's wait, wrapped by the query builder",
      new Error('Failed query: select 1', {
        cause: new Error('timeout exceeded when trying to connect'),
      }),
    ],
  ])('%s answers 503 with Retry-After', (_name, error) => {
    const answer = answerFor(error as FastifyError);
    expect(answer?.status).toBe(503);
    expect(answer?.headers?.['retry-after']).toBe('5');
    expect(answer?.body.code).toBe('server_busy');
  });

  it('a fault of the query itself stays a 500 (not an overload)', () => {
    expect(answerFor(withCode('42P01') as unknown as FastifyError)).toBeUndefined();
    expect(answerFor(new Error('something else') as FastifyError)).toBeUndefined();
  });
});
