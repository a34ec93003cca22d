import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

let ctx: TestContext;
let alice: Session;
let place: { id: number };
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  place = await addEmployer(ctx.app, alice, { name: 'Odd Inputs Ltd', hourlyRate: '20' });
});

const shift = { date: '2026-03-02', startTime: '09:00', endTime: '17:00' };

describe('inputs of the wrong kind', () => {
  it('refuses an employer id that is not digits (true, [1], 0x1, 1e3) and saves nothing', async () => {
    for (const employerId of [true, [place.id], `0x${place.id.toString(16)}`, '1e3', '']) {
      const res = await callApi(ctx.app, 'POST', '/api/work-logs', alice, { ...shift, employerId });
      expect(res.statusCode, JSON.stringify(employerId)).toBe(400);
      expect(res.json().errors).toEqual({ employerId: 'Please select an employer' });
    }
    const filter = await callApi(ctx.app, 'GET', `/api/work-logs?employerId=0x${place.id}`, alice);
    expect(filter.statusCode).toBe(400);
    const left = await callApi(ctx.app, 'GET', '/api/work-logs/summary', alice);
    expect(left.json().count).toBe(0);
  });

  it('says plainly that a body must be a JSON object', async () => {
    for (const payload of ['"text"', '[1,2]', '42']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/work-logs',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toMatchObject({
        code: 'validation_failed',
        message: 'Send the details as a JSON object',
      });
    }
  });

  it('refuses a contact e-mail longer than an address can be', async () => {
    const res = await callApi(ctx.app, 'POST', '/api/employers', alice, {
      name: 'Long Mail Co',
      hourlyRate: '20',
      contactEmail: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ contactEmail: 'Invalid email address' });
  });
});

describe('an API path written with escapes', () => {
  it('is still the API: a session is needed and no shared cache keeps it', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/%61pi/employers' });
    expect(anonymous.statusCode).toBe(401);
    const health = await ctx.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/%61pi/employers',
      headers: { cookie: alice.cookie },
    });
    expect(mine.statusCode).toBe(200);
    // A tagged list: kept by the browser only, and asked for again before each use.
    expect(mine.headers['cache-control']).toBe('private, no-cache');
  });
});
