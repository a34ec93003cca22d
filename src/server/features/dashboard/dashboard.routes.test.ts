import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardPeriods } from '../../../shared/domain/index.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { settings } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

/** Tax changes on an employer with shifts say which shifts they reach. */
const EVERY_SHIFT = { from: 'every' } as const;

/**
 * "Now" is Saturday 2026-11-21, 12:00 UTC: 07:00 that Saturday in New York (the week of Sunday
 * 15 to Saturday 21), but already Sunday 22 at 01:00 in Auckland (the next week).
 */
const NOW = new Date('2026-11-21T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

const stats = async (who: Session | undefined, period = 'week') =>
  callApi(ctx.app, 'GET', `/api/dashboard/stats?period=${period}`, who);

async function setSettings(who: Session, values: Partial<typeof settings.$inferInsert>) {
  await ctx.database.db.update(settings).set(values).where(eq(settings.userId, who.userId));
}

/** A: $20.00 with 10 % tax; B: $35.50, no tax; C: inactive. Hand-computed figures below. */
async function worker(timeZone = 'America/New_York') {
  const who = await signUp(ctx.app);
  await setSettings(who, { timeZone });
  const a = await addEmployer(ctx.app, who, { name: 'A', hourlyRate: '20', taxRate: '10' });
  const b = await addEmployer(ctx.app, who, { name: 'B', hourlyRate: '35.50' });
  await addEmployer(ctx.app, who, { name: 'C', hourlyRate: '10', isActive: false });
  const log = (body: Omit<CreateWorkLogBody, 'employerId'>, employerId = a.id) =>
    addWorkLog(ctx.app, who, { employerId, ...body });
  // Sunday, the week's first day: 7.5 h × $20 = $150.00.
  await log({ date: '2026-11-15', startTime: '09:00', endTime: '17:00', breakDuration: 30 });
  // Overnight from the week's last day: counts on its start date. 8.0 h × $35.50 = $284.00.
  await log({ date: '2026-11-21', startTime: '22:00', endTime: '06:00' }, b.id);
  // The Saturday before: the previous week. 4.0 h, $80.00.
  await log({ date: '2026-11-14', startTime: '09:00', endTime: '13:00' });
  // The Sunday after: next week. 1.0 h, $20.00.
  await log({ date: '2026-11-22', startTime: '09:00', endTime: '10:00' });
  return { who, a, b };
}

describe('GET /api/dashboard/stats', () => {
  it('totals the week from Sunday in the user zone, with tax added and trends', async () => {
    const { who } = await worker();
    const res = await stats(who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      period: 'week',
      from: '2026-11-15',
      to: '2026-11-21',
      weeklyHours: '15.5',
      earnings: '434.00',
      taxCalculation: 'add',
      tax: '15.00',
      totalDue: '449.00',
      tips: '0.00',
      expenses: '0.00',
      shifts: 2,
      activeEmployers: 2,
      // 15.5 h against 4.0 h: +287.5 %; $434 against $80: +442.5 %.
      weeklyHoursTrend: { percentage: 287.5, direction: 'up' },
      weeklyEarningsTrend: { percentage: 442.5, direction: 'up' },
      overtimeThisWeek: [],
    });
  });

  it("deducts tax for an employee, and leaves gross alone without tax: each employer's method", async () => {
    const { who, a, b } = await worker();
    const method = async (taxMethod: string) => {
      for (const { id } of [a, b]) {
        const res = await callApi(ctx.app, 'PATCH', `/api/employers/${id}`, who, {
          taxMethod,
          applyChange: EVERY_SHIFT,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    await method('deduct');
    expect((await stats(who)).json()).toMatchObject({
      taxCalculation: 'deduct',
      tax: '15.00',
      totalDue: '419.00',
    });
    await method('none');
    expect((await stats(who)).json()).toMatchObject({
      taxCalculation: 'none',
      tax: '0.00',
      totalDue: '434.00',
    });
    // The settings' method only starts new employers: it changes none of these figures.
    await setSettings(who, { taxCalculation: 'deduct' });
    expect((await stats(who)).json()).toMatchObject({ taxCalculation: 'none', totalDue: '434.00' });
  });

  it("follows the user's zone where today is already tomorrow in UTC terms", async () => {
    const { who } = await worker('Pacific/Auckland');
    expect((await stats(who)).json()).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-28',
      weeklyHours: '1.0',
      earnings: '20.00',
      shifts: 1,
      // 1.0 h against 15.5 h: −93.5 %; $20 against $434: −95.4 %.
      weeklyHoursTrend: { percentage: 93.5, direction: 'down' },
      weeklyEarningsTrend: { percentage: 95.4, direction: 'down' },
    });
  });

  it('calls a rise from an empty previous period new (nothing to compare), and nothing against nothing flat', async () => {
    const { who } = await worker();
    expect((await stats(who, 'month')).json()).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      weeklyHours: '20.5',
      earnings: '534.00',
      shifts: 4,
      weeklyHoursTrend: { percentage: 0, direction: 'new' },
    });
    const idle = await signUp(ctx.app);
    expect((await stats(idle, 'year')).json()).toMatchObject({
      weeklyHours: '0.0',
      earnings: '0.00',
      shifts: 0,
      activeEmployers: 0,
      weeklyHoursTrend: { percentage: 0, direction: 'flat' },
      weeklyEarningsTrend: { percentage: 0, direction: 'flat' },
    });
  });

  it('agrees with the work-log list filtered to the same dates, for every period and rounding', async () => {
    const { who } = await worker();
    for (const roundTime of ['none', '15', '60'] as const) {
      await setSettings(who, { roundTime });
      for (const period of dashboardPeriods) {
        const body = (await stats(who, period)).json();
        const list = await callApi(
          ctx.app,
          'GET',
          `/api/work-logs/summary?from=${body.from}&to=${body.to}`,
          who,
        );
        const { count, totalHours, totalEarnings } = list.json();
        expect(
          { shifts: body.shifts, hours: body.weeklyHours, earnings: body.earnings },
          `${period}, ${roundTime}`,
        ).toEqual({ shifts: count, hours: totalHours, earnings: totalEarnings });
      }
    }
  });

  it("never counts another user's logs or employers", async () => {
    await worker();
    const stranger = await signUp(ctx.app);
    expect((await stats(stranger, 'year')).json()).toMatchObject({ shifts: 0, activeEmployers: 0 });
  });

  it('refuses a period it does not know, with a message', async () => {
    const { who } = await worker();
    const res = await stats(who, 'decade');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { period: 'Choose a period: week, month, quarter or year' },
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await stats(undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/weekly-hours', () => {
  it('gives every day of the period with hours per employer, and each employer total', async () => {
    const { who, a, b } = await worker();
    const res = await callApi(ctx.app, 'GET', '/api/dashboard/weekly-hours?period=week', who);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(body.days[0]).toEqual({
      date: '2026-11-15',
      hours: '7.5',
      byEmployer: [{ employerId: a.id, hours: '7.5' }],
    });
    expect(body.days[1]).toEqual({ date: '2026-11-16', hours: '0.0', byEmployer: [] });
    expect(body.days[6].byEmployer).toEqual([{ employerId: b.id, hours: '8.0' }]);
    expect(body.employers).toEqual(
      expect.arrayContaining([
        { id: a.id, name: 'A', brandColor: 'blue', hours: '7.5', earnings: '150.00' },
        { id: b.id, name: 'B', brandColor: 'blue', hours: '8.0', earnings: '284.00' },
      ]),
    );
    const year = await callApi(ctx.app, 'GET', '/api/dashboard/weekly-hours?period=year', who);
    expect(year.json().days).toHaveLength(365);
  });

  it("refuses a bad period, shows no one else's hours, and answers 401 signed out", async () => {
    await worker();
    const stranger = await signUp(ctx.app);
    const bad = await callApi(ctx.app, 'GET', '/api/dashboard/weekly-hours?period=x', stranger);
    expect(bad.statusCode).toBe(400);
    const mine = await callApi(ctx.app, 'GET', '/api/dashboard/weekly-hours', stranger);
    expect(mine.json().employers).toEqual([]);
    expect((await callApi(ctx.app, 'GET', '/api/dashboard/weekly-hours')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/recent-work-logs', () => {
  it("answers the user's 7 newest logs with their employer, and no one else's", async () => {
    const { who } = await worker();
    for (const day of ['01', '02', '03', '04']) {
      await addWorkLog(ctx.app, who, {
        employerId: (await callApi(ctx.app, 'GET', '/api/employers', who)).json()[0].id,
        date: `2026-10-${day}`,
        startTime: '09:00',
        endTime: '10:00',
      });
    }
    const res = await callApi(ctx.app, 'GET', '/api/dashboard/recent-work-logs', who);
    expect(res.statusCode).toBe(200);
    const dates = res.json().map((l: { date: string }) => l.date);
    expect(dates).toEqual([
      '2026-11-22',
      '2026-11-21',
      '2026-11-15',
      '2026-11-14',
      '2026-10-04',
      '2026-10-03',
      '2026-10-02',
    ]);
    expect(res.json()[0].employer.name).toBe('A');
    const stranger = await signUp(ctx.app);
    const theirs = await callApi(ctx.app, 'GET', '/api/dashboard/recent-work-logs', stranger);
    expect(theirs.json()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await callApi(ctx.app, 'GET', '/api/dashboard/recent-work-logs')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/stats: overtime this week', () => {
  /** An employer at $20.00 under US federal overtime (over 40 h a week at 1.5×, from Sunday). */
  async function overtimeWorker() {
    const who = await signUp(ctx.app);
    await setSettings(who, { timeZone: 'America/New_York' });
    const federal = (name: string) =>
      addEmployer(ctx.app, who, {
        name,
        hourlyRate: '20',
        overtime: { preset: 'usFederal', workweekStartDay: 0, workweekStartTime: '00:00' },
      });
    const a = await federal('A');
    const b = await federal('B');
    // No overtime rules: never listed.
    await addEmployer(ctx.app, who, { name: 'Plain', hourlyRate: '15' });
    const eightHours = (employerId: number, date: string) =>
      addWorkLog(ctx.app, who, { employerId, date, startTime: '09:00', endTime: '17:00' });
    return { who, a, b, eightHours };
  }
  const overtimeOf = async (who: Session) =>
    (await stats(who)).json().overtimeThisWeek as {
      name: string;
      overtimeMinutes: number;
      minutesLeftBeforeThreshold: number | null;
    }[];

  it('lists each employer with overtime rules, with nothing done yet: the whole 40 h to go', async () => {
    const { who } = await overtimeWorker();
    expect(await overtimeOf(who)).toEqual([
      {
        employerId: expect.any(Number),
        name: 'A',
        brandColor: 'blue',
        kind: 'workweek',
        startDate: '2026-11-15',
        endDate: '2026-11-21',
        paidMinutes: 0,
        overtimeMinutes: 0,
        byMultiplier: [],
        overtimePremiumCents: 0,
        thresholdMinutes: 2400,
        minutesLeftBeforeThreshold: 2400,
        group: null,
      },
      expect.objectContaining({ name: 'B', overtimeMinutes: 0, minutesLeftBeforeThreshold: 2400 }),
    ]);
  });

  it('counts 40 h done as 0 left, 38 h as 2:00 left, each employer on its own', async () => {
    const { who, a, b, eightHours } = await overtimeWorker();
    // A: five 8-hour days, Monday 16 to Friday 20: 40 h, none over.
    for (const day of ['16', '17', '18', '19', '20']) await eightHours(a.id, `2026-11-${day}`);
    // B: four 8-hour days and a 6-hour one: 38 h.
    for (const day of ['16', '17', '18', '19']) await eightHours(b.id, `2026-11-${day}`);
    await addWorkLog(ctx.app, who, {
      employerId: b.id,
      date: '2026-11-20',
      startTime: '09:00',
      endTime: '15:00',
    });
    // Last week's shifts at B count for last week only.
    await eightHours(b.id, '2026-11-14');
    const rows = await overtimeOf(who);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'A',
        paidMinutes: 2400,
        overtimeMinutes: 0,
        minutesLeftBeforeThreshold: 0,
      }),
      expect.objectContaining({
        name: 'B',
        paidMinutes: 2280,
        overtimeMinutes: 0,
        minutesLeftBeforeThreshold: 120,
      }),
    ]);
  });

  it('gives the overtime hours past 40 and their premium at 1.5×, an estimate from the regular rate', async () => {
    const { who, a, eightHours } = await overtimeWorker();
    for (const day of ['15', '16', '17', '18', '19', '20'])
      await eightHours(a.id, `2026-11-${day}`);
    const [row] = await overtimeOf(who);
    // 48 h: 8 h over 40, premium 8 × 0.5 × $20.00 = $80.00.
    expect(row).toMatchObject({
      name: 'A',
      paidMinutes: 2880,
      overtimeMinutes: 480,
      byMultiplier: [{ multiplierBp: 15000, minutes: 480 }],
      overtimePremiumCents: 8000,
      minutesLeftBeforeThreshold: 0,
    });
  });

  it("takes the week from the user's zone: in Auckland it is already next week", async () => {
    const { who, a, eightHours } = await overtimeWorker();
    for (const day of ['16', '17', '18', '19', '20']) await eightHours(a.id, `2026-11-${day}`);
    await eightHours(a.id, '2026-11-22');
    await setSettings(who, { timeZone: 'Pacific/Auckland' });
    const [row] = await overtimeOf(who);
    expect(row).toMatchObject({
      startDate: '2026-11-22',
      paidMinutes: 480,
      minutesLeftBeforeThreshold: 1920,
    });
  });

  it('takes the 14-day period under 8 and 80, counting hours over 8 a day apart from the 80', async () => {
    const who = await signUp(ctx.app);
    await setSettings(who, { timeZone: 'America/New_York' });
    const ward = await addEmployer(ctx.app, who, {
      name: 'Ward',
      hourlyRate: '20',
      overtime: { preset: 'hospital8and80', period14: { anchorDate: '2026-11-15' } },
    });
    // Five 8-hour days and one of 10 h: 48 h straight, 2 h over 8 that day.
    for (const day of ['15', '16', '17', '18', '19']) {
      await addWorkLog(ctx.app, who, {
        employerId: ward.id,
        date: `2026-11-${day}`,
        startTime: '09:00',
        endTime: '17:00',
      });
    }
    await addWorkLog(ctx.app, who, {
      employerId: ward.id,
      date: '2026-11-20',
      startTime: '07:00',
      endTime: '17:00',
    });
    const [row] = await overtimeOf(who);
    expect(row).toMatchObject({
      name: 'Ward',
      kind: 'period14',
      startDate: '2026-11-15',
      endDate: '2026-11-28',
      paidMinutes: 3000,
      overtimeMinutes: 120,
      byMultiplier: [{ multiplierBp: 15000, minutes: 120 }],
      // 2 h × 0.5 × the regular rate ($20.00: no premiums) = $20.00.
      overtimePremiumCents: 2000,
      thresholdMinutes: 4800,
      minutesLeftBeforeThreshold: 1920,
    });
  });
});
