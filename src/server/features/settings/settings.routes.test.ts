import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/app.ts';

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
