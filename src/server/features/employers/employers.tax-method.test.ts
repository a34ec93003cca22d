import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addWorkLog } from '../../test/factories.ts';

/** Tax changes on an employer with shifts say which shifts they reach. */
const EVERY_SHIFT = { from: 'every' } as const;

// A Thursday: the dashboard's week is Sunday 2026-11-08 to Saturday 2026-11-14.
const NOW = new Date('2026-11-12T18:00:00Z');

let ctx: TestContext;
let nurse: Session;
const ids: Record<'hospital' | 'clinic' | 'bar', number> = { hospital: 0, clinic: 0, bar: 0 };

async function post(url: string, body: object) {
  const res = await callApi(ctx.app, 'POST', url, nurse, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  nurse = await signUp(ctx.app);
  // Her default for new employers: add tax (the stored default too).
  ids.hospital = (
    await post('/api/employers', {
      name: 'County Hospital',
      hourlyRate: '42.00',
      taxRate: '20',
      taxMethod: 'deduct',
    })
  ).id;
  ids.clinic = (
    await post('/api/employers', { name: 'Clinic', hourlyRate: '55.00', taxRate: '8' })
  ).id;
  ids.bar = (
    await post('/api/employers', {
      name: 'Weekend Bar',
      hourlyRate: '15.00',
      taxRate: '10',
      taxMethod: 'none',
    })
  ).id;
  const shift = (employerId: number, date: string, startTime: string, endTime: string, b = 0) =>
    addWorkLog(ctx.app, nurse, { employerId, date, startTime, endTime, breakDuration: b });
  await shift(ids.hospital, '2026-11-09', '07:00', '19:30', 30); // 12 h × $42 = $504.00
  await shift(ids.clinic, '2026-11-10', '09:00', '13:00'); // 4 h × $55 = $220.00
  await shift(ids.bar, '2026-11-07', '20:00', '02:00'); // last week: not in this week's figures
  await shift(ids.bar, '2026-11-14', '20:00', '02:00'); // 6 h × $15 = $90.00
});

describe("each employer's own tax method", () => {
  it('a new employer takes the method given, or the settings default when none is given', async () => {
    const list = (await callApi(ctx.app, 'GET', '/api/employers', nurse)).json() as {
      id: number;
      taxMethod: string;
    }[];
    const method = (id: number) => list.find((e) => e.id === id)?.taxMethod;
    expect([method(ids.hospital), method(ids.clinic), method(ids.bar)]).toEqual([
      'deduct',
      'add',
      'none',
    ]);
  });

  it("the dashboard adds each employer's own result, and says the methods are mixed", async () => {
    const stats = (await callApi(ctx.app, 'GET', '/api/dashboard/stats?period=week', nurse)).json();
    // $504.00 − 20 % = $403.20; $220.00 + 8 % = $237.60; $90.00 without tax.
    expect(stats).toMatchObject({
      earnings: '814.00',
      taxCalculation: 'mixed',
      totalDue: '730.80',
    });
  });

  it("a timesheet uses its employer's method, whatever the settings say", async () => {
    await ctx.database.db
      .update(settings)
      .set({ taxCalculation: 'none' })
      .where(eq(settings.userId, nurse.userId));
    const sheet = async (employerId: number) =>
      (
        await post('/api/timesheets/generate', {
          employerId,
          startDate: '2026-11-08',
          endDate: '2026-11-14',
          format: 'csv',
        })
      ).timesheet;
    expect(await sheet(ids.hospital)).toMatchObject({
      totalEarnings: '504.00',
      tax: '100.80',
      totalDue: '403.20',
      taxCalculation: 'deduct',
    });
    expect(await sheet(ids.clinic)).toMatchObject({
      totalEarnings: '220.00',
      tax: '17.60',
      totalDue: '237.60',
      taxCalculation: 'add',
    });
    // A new employer now starts with the changed default; the others keep theirs.
    const later = await post('/api/employers', { name: 'Agency', hourlyRate: '30' });
    expect(later.taxMethod).toBe('none');
    await ctx.database.db
      .update(settings)
      .set({ taxCalculation: 'add' })
      .where(eq(settings.userId, nurse.userId));
  });

  it('one method for every employer of the period is named as such', async () => {
    const single = await signUp(ctx.app);
    const res = await callApi(ctx.app, 'POST', '/api/employers', single, {
      name: 'Only Job',
      hourlyRate: '20',
      taxRate: '10',
      taxMethod: 'deduct',
    });
    await callApi(ctx.app, 'POST', '/api/work-logs', single, {
      employerId: res.json().id,
      date: '2026-11-10',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 0,
    });
    const stats = (
      await callApi(ctx.app, 'GET', '/api/dashboard/stats?period=week', single)
    ).json();
    expect(stats).toMatchObject({
      earnings: '160.00',
      taxCalculation: 'deduct',
      totalDue: '144.00',
    });
  });

  it('an edit changes the method; an unknown one is refused with a message and changes nothing', async () => {
    const patch = (taxMethod: string) =>
      callApi(ctx.app, 'PATCH', `/api/employers/${ids.bar}`, nurse, {
        taxMethod,
        applyChange: EVERY_SHIFT,
      });
    const refused = await patch('sometimes');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.taxMethod).toBe('Choose add, deduct or no tax');
    const changed = await patch('add');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().taxMethod).toBe('add');
    const stats = (await callApi(ctx.app, 'GET', '/api/dashboard/stats?period=week', nurse)).json();
    // The bar's $90.00 now gets its 10 % added: $99.00.
    expect(stats.totalDue).toBe('739.80');
  });
});
