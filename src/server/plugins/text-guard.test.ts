import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../test/app.ts';
import { findLoneSurrogate, findNul, NUL_MESSAGE, UNICODE_MESSAGE } from './text-guard.ts';

let ctx: TestContext;
let who: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  who = await signUp(ctx.app);
});

const refusal = (field: string) => ({
  code: 'validation_failed',
  message: NUL_MESSAGE,
  errors: { [field]: NUL_MESSAGE },
});

describe('a NUL character anywhere in a request', () => {
  it('is refused with 400 in a body field, naming the field', async () => {
    const res = await callApi(ctx.app, 'POST', '/api/employers', who, {
      name: 'Acme\u0000Corp',
      hourlyRate: '25',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('name'));
  });

  it('is refused deep inside the body, naming the path to it', async () => {
    const res = await callApi(ctx.app, 'POST', '/api/employers', who, {
      name: 'Acme',
      hourlyRate: '25',
      departments: ['Kitchen', 'Bar\u0000'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('departments.1'));
  });

  it('is refused in a query-string filter', async () => {
    const res = await callApi(ctx.app, 'GET', '/api/work-logs?search=a%00b', who);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('search'));
  });

  it('is refused in a path parameter', async () => {
    const res = await callApi(ctx.app, 'DELETE', '/api/employers/1%00', who);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('id'));
  });

  it('is refused on a public route too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'pass\u0000word' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
  });
});

describe('findNul', () => {
  it('finds a NUL in a key as well as in a value', () => {
    expect(findNul({ a: { 'b\u0000': 1 } })).toBe('a.b\u0000');
    expect(findNul({ a: [{ b: 'fine' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findNul({ a: 'fine', b: [1, true, null] })).toBeUndefined();
  });

  it('walks a very deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe('half of a surrogate pair anywhere in a request', () => {
  it('is refused with 400 naming the field, and a whole pair (an emoji) is kept', async () => {
    const res = await callApi(ctx.app, 'POST', '/api/employers', who, {
      name: 'Acme',
      hourlyRate: '25',
      departments: ['Kitchen', 'Bar \udfff'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: UNICODE_MESSAGE,
      errors: { 'departments.1': UNICODE_MESSAGE },
    });
    const emoji = await callApi(ctx.app, 'POST', '/api/employers', who, {
      name: 'Cafe \ud83c\udf70',
      hourlyRate: '25',
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().name).toBe('Cafe 🍰');
  });

  it('is found at either end of a string and in a key', () => {
    expect(findLoneSurrogate({ a: '\ud800' })).toBe('a');
    expect(findLoneSurrogate({ a: ['ok', 'x\udc00'] })).toBe('a.1');
    expect(findLoneSurrogate({ '\udbff': 1 })).toBe('\udbff');
    expect(findLoneSurrogate({ a: '\ud83c\udf70' })).toBeUndefined();
  });
});
