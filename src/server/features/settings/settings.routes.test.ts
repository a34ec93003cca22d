import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { getSettings } from './settings.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('GET /api/settings', () => {
  it("answers the signed-in user's settings with the defaults", async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId,
      defaultExportFormat: 'pdf',
      roundTime: 'none',
      taxCalculation: 'add',
      timeFormat: '12-hour',
      includeSummary: true,
      theme: 'light',
    });
    expect(res.json()).not.toHaveProperty('notionTokenEncrypted');
  });

  it("never answers another user's settings", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie: b.cookie },
    });
    expect(res.json().userId).toBe(b.userId);
    expect(res.json().userId).not.toBe(a.userId);
  });

  it('answers 401 when signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/settings/theme', () => {
  const patch = (cookie: string | undefined, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/theme',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('keeps the picked theme for the next sign-in, system included', async () => {
    const { cookie } = await signUp(ctx.app);
    const res = await patch(cookie, { theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(res.json().theme).toBe('dark');
    expect((await patch(cookie, { theme: 'system' })).json().theme).toBe('system');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(read.json().theme).toBe('system');
  });

  it('refuses a theme that is not offered, with a message, and changes nothing', async () => {
    const { cookie } = await signUp(ctx.app);
    const res = await patch(cookie, { theme: 'neon' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { theme: 'Choose light, dark or system' },
    });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(read.json().theme).toBe('light');
  });

  it('answers 401 when signed out', async () => {
    expect((await patch(undefined, { theme: 'dark' })).statusCode).toBe(401);
  });

  it("changes only the signed-in user's own theme", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await patch(a.cookie, { theme: 'dark' });
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie: b.cookie },
    });
    expect(read.json().theme).toBe('light');
  });
});

describe('the settings row', () => {
  it('is made again with the defaults when it is missing', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.delete(settings).where(eq(settings.userId, userId));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId, roundTime: 'none', currency: 'USD' });
  });

  it('is not made for a user deleted in the meantime: that answers 401, not a broken key', async () => {
    await expect(getSettings(ctx.database.db, 2_000_000_000)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
