import { beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../shared/schemas/settings.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const patch = (who: Session | undefined, body: object) =>
  callApi(ctx.app, 'PATCH', '/api/settings/export', who, body);
const readSettings = async (who: Session) =>
  settingsSchema.parse((await callApi(ctx.app, 'GET', '/api/settings', who)).json());

describe('PATCH /api/settings/export', () => {
  it('saves the export defaults and answers the full settings', async () => {
    const who = await signUp(ctx.app);
    const res = await patch(who, {
      defaultExportFormat: 'csv',
      roundTime: '15',
      taxCalculation: 'deduct',
      includeSummary: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = settingsSchema.strict().parse(res.json());
    expect(saved).toMatchObject({
      userId: who.userId,
      defaultExportFormat: 'csv',
      roundTime: '15',
      taxCalculation: 'deduct',
      includeSummary: false,
      currency: 'USD',
      theme: 'light',
    });
    expect(await readSettings(who)).toEqual(saved);
  });

  it('saves the CSV format: comma by default, semicolon with decimal commas when chosen', async () => {
    const who = await signUp(ctx.app);
    expect((await readSettings(who)).csvFormat).toBe('comma');
    const res = await patch(who, { csvFormat: 'semicolon' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ csvFormat: 'semicolon', defaultExportFormat: 'pdf' });
    expect((await readSettings(who)).csvFormat).toBe('semicolon');
    expect((await patch(who, { csvFormat: 'comma' })).json().csvFormat).toBe('comma');
  });

  it('changes only the fields sent', async () => {
    const who = await signUp(ctx.app);
    await patch(who, { defaultExportFormat: 'csv' });
    const res = await patch(who, { roundTime: '60' });
    expect(res.json()).toMatchObject({
      defaultExportFormat: 'csv',
      roundTime: '60',
      taxCalculation: 'add',
      includeSummary: true,
    });
  });

  it('answers the current settings for an empty body', async () => {
    const who = await signUp(ctx.app);
    const res = await patch(who, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await readSettings(who));
  });

  it.each([
    [{ defaultExportFormat: 'docx' }, 'defaultExportFormat', 'Choose PDF or CSV'],
    [
      { roundTime: '7' },
      'roundTime',
      "Choose Don't round, 5 minutes, 15 minutes, 30 minutes or 1 hour",
    ],
    [{ taxCalculation: 'ignore' }, 'taxCalculation', 'Choose add, deduct or none'],
    [{ includeSummary: 'yes' }, 'includeSummary', 'Include summary must be true or false'],
    [
      { csvFormat: 'tab' },
      'csvFormat',
      'Choose a CSV format: comma-separated or semicolon-separated',
    ],
    [
      { csvFormat: null },
      'csvFormat',
      'Choose a CSV format: comma-separated or semicolon-separated',
    ],
  ])('refuses %j with a message and changes nothing', async (bad, field, message) => {
    const who = await signUp(ctx.app);
    const before = await readSettings(who);
    const res = await patch(who, { roundTime: '30', ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message,
      errors: { [field]: message },
    });
    expect(await readSettings(who)).toEqual(before);
  });

  it('answers 401 when signed out', async () => {
    expect((await patch(undefined, { roundTime: '15' })).statusCode).toBe(401);
    const csv = await patch(undefined, { csvFormat: 'semicolon' });
    expect(csv.statusCode).toBe(401);
    expect(csv.json().message).toEqual(expect.any(String));
  });

  it("changes only the signed-in user's own settings", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const bBefore = await readSettings(b);
    await patch(a, { roundTime: '5', includeSummary: false });
    expect(await readSettings(b)).toEqual(bBefore);
  });
});
