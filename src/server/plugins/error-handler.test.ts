import { connect as connectTcp } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../test/app.ts';

let ctx: TestContext;
let who: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const fail = (query: ReturnType<typeof sql>) => async () => {
    await ctx.database.db.execute(query);
    return {};
  };
  // Values a schema should have refused, reaching PostgreSQL anyway.
  const open = { config: { public: true } };
  ctx.app.get('/api/test/out-of-range', open, fail(sql`select ${'2147483648'}::int`));
  ctx.app.get('/api/test/not-a-number', open, fail(sql`select ${'12abc'}::int`));
  ctx.app.get('/api/test/not-a-date', open, fail(sql`select ${'2024-02-31'}::date`));
  ctx.app.get('/api/test/missing-table', open, fail(sql`select * from no_such_table`));
  who = await signUp(ctx.app);
});

/** Our one error shape, in our words: no Fastify field, code or wording. */
function expectOurShape(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(Object.keys(body).every((key) => ['code', 'message', 'errors'].includes(key))).toBe(true);
  expect(body.message).not.toMatch(/FST_|fastify|statusCode|url component/i);
  expect(res.headers['cache-control']).toBe('no-store');
  return body as { code: string; message: string };
}

const send = (method: 'GET' | 'POST' | 'PUT', url: string, type?: string, payload?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(type ? { 'content-type': type } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });

describe("Fastify's own errors", () => {
  it('answers a URL that cannot be decoded', async () => {
    const body = expectOurShape(
      await send('GET', '/api/employers/%E0%A4%A'),
      400,
      'validation_failed',
    );
    expect(body.message).toBe('The address of this request is not valid');
  });

  it('answers a path parameter that is far too long', async () => {
    const res = await callApi(ctx.app, 'DELETE', `/api/employers/${'9'.repeat(200)}`, who);
    expectOurShape(res, 414, 'too_large');
  });

  it('answers malformed JSON', async () => {
    const res = await send('POST', '/api/employers', 'application/json', '{"name":');
    const body = expectOurShape(res, 400, 'validation_failed');
    expect(body.message).toBe('The request body is not valid JSON');
  });

  it('answers an empty body sent as JSON', async () => {
    const res = await send('POST', '/api/employers', 'application/json', '');
    const body = expectOurShape(res, 400, 'validation_failed');
    expect(body.message).toMatch(/body is empty/);
  });

  it('answers a body that is too large', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expectOurShape(
      await send('POST', '/api/employers', 'application/json', huge),
      413,
      'too_large',
    );
  });

  it('answers a body that is not JSON', async () => {
    const res = await send('POST', '/api/employers', 'text/plain', 'name=Acme');
    expectOurShape(res, 415, 'unsupported_media_type');
  });

  it('answers a method the path does not accept with 405 and Allow', async () => {
    const res = await send('PUT', '/api/employers', 'application/json', '{}');
    const body = expectOurShape(res, 405, 'method_not_allowed');
    expect(body.message).toBe('This address does not accept PUT requests');
    expect(String(res.headers.allow).split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
    const withId = await callApi(ctx.app, 'POST', '/api/employers/7', who);
    expect(String(withId.headers.allow)).toMatch(/DELETE/);
  });

  it('answers an API route that does not exist', async () => {
    const res = await send('GET', '/api/no-such-thing');
    const body = expectOurShape(res, 404, 'not_found');
    expect(body.message).toBe('There is nothing at this address');
  });
});

describe('PostgreSQL refusing a value', () => {
  it.each(['out-of-range', 'not-a-number', 'not-a-date'])(
    'answers 400, not 500, when it is %s',
    async (what) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/test/${what}` });
      const body = expectOurShape(res, 400, 'validation_failed');
      expect(body.message).toBe('One of the values sent is not valid or out of range');
    },
  );

  it('still answers any other database failure as our fault, without its details', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/missing-table' });
    const body = expectOurShape(res, 500, 'internal_error');
    expect(body.message).not.toMatch(/no_such_table/);
  });
});

describe('requests the HTTP parser cannot read', () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Writes raw bytes to the server and reads all it answers until it closes. */
  function raw(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connectTcp(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
    });
  }

  const parse = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) };
  };

  it('answers a request line that is not HTTP in the one error shape', async () => {
    const { status, head, body } = parse(await raw('THIS IS NOT HTTP\r\n\r\n'));
    expect(status).toBe(400);
    expect(head).toContain('content-type: application/json');
    expect(head).toContain('cache-control: no-store');
    expect(body).toEqual({ code: 'validation_failed', message: 'The request could not be read' });
  });

  it('answers headers that are too large in the one error shape', async () => {
    const big = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const { status, body } = parse(await raw(big));
    expect(status).toBe(431);
    expect(body).toEqual({ code: 'too_large', message: 'The request headers are too large' });
  });
});
