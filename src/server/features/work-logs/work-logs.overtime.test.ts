// Premiums and overtime through the real API and database (decision 039): the public test vectors
// of step 15, the stored lines a save leaves on the other shifts of its week, holidays, and shift
// premiums switched on by hand. Every expected figure is worked out by hand in the comments.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateEmployerBody } from '../../../shared/schemas/employers.ts';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

const NOW = new Date('2026-11-27T12:00:00Z');

let ctx: TestContext;
let worker: Session;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
  callApi(ctx.app, method, url, worker, body);

const employer = async (name: string, body: Omit<CreateEmployerBody, 'name'>) =>
  (await addEmployer(ctx.app, worker, { name, taxMethod: 'none', ...body })).id;

const shift = (employerId: number, date: string, startTime: string, endTime: string, more = {}) =>
  addWorkLog(ctx.app, worker, { employerId, date, startTime, endTime, ...more });

async function logsOf(employerId: number): Promise<WorkLog[]> {
  const res = await call('GET', `/api/work-logs?employerId=${employerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as WorkLog[]).sort((a, b) => (a.date < b.date ? -1 : 1));
}

async function summaryOf(employerId: number) {
  const res = await call('GET', `/api/work-logs/summary?employerId=${employerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// The workweek of Sunday 8 November 2026: Monday 9 … Saturday 14.
const MON_TO_FRI = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];
const SATURDAY = '2026-11-14';
const US_FEDERAL = { preset: 'usFederal' } as const;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  worker = await signUp(ctx.app, { firstName: 'Ana', lastName: 'Lima' });
});

describe('the public test vectors, through the API', () => {
  it('29 CFR 778.115: 40 h at $15 and 8 h at $9 → regular rate $14.00, premium $56, $728.00', async () => {
    const job = await employer('Two rates', { hourlyRate: '15.00', overtime: US_FEDERAL });
    for (const date of MON_TO_FRI) await shift(job, date, '08:00', '16:00');
    // The sixth shift at its own rate of $9: straight time 40 × $15 + 8 × $9 = $672 for 48 h,
    // regular rate $14.00; its 8 h are past 40, overtime 8 × 0.5 × $14 = $56.
    const sixth = await shift(job, SATURDAY, '08:00', '16:00', { hourlyRateAtTime: '9.00' });
    expect(sixth).toMatchObject({ earnings: '128.00', overtimeEarnings: '56.00' });
    expect(sixth.payLines).toEqual([
      {
        kind: 'overtime',
        basis: 'weekly',
        multiplierBp: 15_000,
        minutes: 480,
        exactMinutes: '480',
        periodStart: '2026-11-08',
        amountCents: 5_600,
      },
    ]);
    expect(await summaryOf(job)).toMatchObject({
      count: 6,
      totalEarnings: '728.00',
      regularEarnings: '672.00',
      premiumEarnings: '0.00',
      overtimeEarnings: '56.00',
    });
  });

  it('Fact Sheet #54: three day and three evening shifts (+$1) at $8 → $408 straight, $442.00', async () => {
    const job = await employer('Evenings', {
      hourlyRate: '8.00',
      overtime: US_FEDERAL,
      premiums: [
        {
          id: 'eve',
          name: 'Evening',
          kind: 'fixed',
          centsPerHour: 100,
          window: { start: '16:00', end: '00:00' },
        },
      ],
    });
    for (const date of MON_TO_FRI.slice(0, 3)) await shift(job, date, '08:00', '16:00');
    for (const date of [MON_TO_FRI[3]!, MON_TO_FRI[4]!, SATURDAY]) {
      await shift(job, date, '16:00', '00:00');
    }
    // Straight time 48 × $8 + 24 × $1 = $408; regular rate $8.50; 8 h × $4.25 = $34.
    expect(await summaryOf(job)).toMatchObject({
      totalEarnings: '442.00',
      regularEarnings: '384.00',
      premiumEarnings: '24.00',
      overtimeEarnings: '34.00',
    });
    const saturday = (await logsOf(job)).at(-1)!;
    expect(saturday.payLines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['premium', 800],
      ['overtime', 3_400],
    ]);
  });

  it('8 and 80: six 8-hour days then four → no overtime; the weekly rule pays 8 h', async () => {
    const days = [
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
    ];
    const hospital = await employer('Hospital', {
      hourlyRate: '20.00',
      overtime: { preset: 'hospital8and80', period14: { anchorDate: '2026-11-01' } },
    });
    const weekly = await employer('Hospital (weekly)', {
      hourlyRate: '20.00',
      overtime: US_FEDERAL,
    });
    for (const date of days) {
      await shift(hospital, date, '07:00', '15:00');
      await shift(weekly, date, '07:00', '15:00');
    }
    // 80 h in the 14-day period, no day over 8: $1,600 and nothing more.
    expect(await summaryOf(hospital)).toMatchObject({
      totalEarnings: '1600.00',
      overtimeEarnings: '0.00',
    });
    // Weekly: 48 h in the first week, 8 h over 40 × $10 = $80.
    expect(await summaryOf(weekly)).toMatchObject({
      totalEarnings: '1680.00',
      overtimeEarnings: '80.00',
    });
  });

  it('California: one 14-hour day at $20 → 8 × 20 + 4 × 30 + 2 × 40 = $360', async () => {
    const job = await employer('California', {
      hourlyRate: '20.00',
      overtime: { preset: 'california' },
    });
    const day = await shift(job, '2026-11-10', '06:00', '20:00');
    expect(day.earnings).toBe('360.00');
    expect(day.payLines.map((l) => l.kind === 'overtime' && [l.multiplierBp, l.minutes])).toEqual([
      [15_000, 240],
      [20_000, 120],
    ]);
  });
});

describe('a save pays the rest of its week again', () => {
  it('a shift that moves the week over 40 h moves the overtime, and taking one away undoes it', async () => {
    const job = await employer('Warehouse', { hourlyRate: '20.00', overtime: US_FEDERAL });
    for (const date of MON_TO_FRI.slice(1)) await shift(job, date, '08:00', '16:00');
    const saturday = await shift(job, SATURDAY, '08:00', '16:00');
    expect(saturday.overtimeEarnings).toBe('0.00');
    // Monday, saved last, makes it 48 h: the last 8 h in time (Saturday's) are overtime.
    const monday = await shift(job, MON_TO_FRI[0]!, '08:00', '16:00');
    expect(monday.overtimeEarnings).toBe('0.00');
    let logs = await logsOf(job);
    expect(logs.at(-1)).toMatchObject({ date: SATURDAY, overtimeEarnings: '80.00' });
    // Moved to the next week, Monday leaves 40 h behind: no overtime anywhere.
    const moved = await call('PATCH', `/api/work-logs/${monday.id}`, { date: '2026-11-16' });
    expect(moved.statusCode, moved.body).toBe(200);
    logs = await logsOf(job);
    expect(logs.map((l) => l.overtimeEarnings)).toEqual(Array(6).fill('0.00'));
    // Back, then Saturday deleted: 40 h again.
    await call('PATCH', `/api/work-logs/${monday.id}`, { date: MON_TO_FRI[0]! });
    expect((await logsOf(job)).at(-1)).toMatchObject({ overtimeEarnings: '80.00' });
    expect((await call('DELETE', `/api/work-logs/${saturday.id}`)).statusCode).toBe(200);
    expect((await summaryOf(job)).overtimeEarnings).toBe('0.00');
  });

  it('a change of the overtime rules asks which shifts it reaches, then pays them', async () => {
    const job = await employer('Depot', { hourlyRate: '10.00' });
    for (const date of [...MON_TO_FRI, SATURDAY]) await shift(job, date, '08:00', '16:00');
    const asked = await call('PATCH', `/api/employers/${job}`, { overtime: US_FEDERAL });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().errors.applyChange).toMatch(/Choose how the change applies/);
    const preview = await call('POST', `/api/employers/${job}/change-preview`, {
      overtime: US_FEDERAL,
      applyChange: { from: 'every' },
    });
    // 48 h at $10: Saturday's 8 h gain 8 × $5 = $40.
    expect(preview.json()).toMatchObject({ shifts: 1, beforeCents: 8_000, afterCents: 12_000 });
    const changed = await call('PATCH', `/api/employers/${job}`, {
      overtime: US_FEDERAL,
      applyChange: { from: 'every' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().overtime).toMatchObject({
      preset: 'usFederal',
      weekly: { overMinutes: 2400 },
    });
    expect((await summaryOf(job)).totalEarnings).toBe('520.00');
    const history = (await call('GET', `/api/employers/${job}/rate-history`)).json();
    expect(history.changes[0]).toMatchObject({
      field: 'overtime',
      oldValue: 'No overtime',
      newValue: 'US federal (over 40 h a week); workweek from Sunday 00:00',
    });
  });
});

describe('premiums', () => {
  it('a night premium across midnight and the workweek boundary, on the paid minutes inside', async () => {
    const job = await employer('Night shelter', {
      hourlyRate: '20.00',
      overtime: US_FEDERAL,
      premiums: [
        {
          id: 'night',
          name: 'Nights',
          kind: 'fixed',
          centsPerHour: 200,
          window: { start: '22:00', end: '06:00' },
        },
      ],
    });
    // Saturday 20:00 → Sunday 04:00 with a 60-minute break: 7 h paid of 8 h; 6 h of the span are
    // in the window, so 7 × 6/8 = 5.25 h × $2 = $10.50. The shift ends in the next workweek.
    const night = await shift(job, SATURDAY, '20:00', '04:00', { breakDuration: 60 });
    expect(night).toMatchObject({ earnings: '150.50', premiumEarnings: '10.50' });
    expect(night.payLines[0]).toMatchObject({ name: 'Nights', minutes: 315, exactMinutes: '315' });
  });

  it('a capped percentage switched on by hand for one shift only', async () => {
    const job = await employer('Ward', {
      hourlyRate: '25.00',
      premiums: [
        {
          id: 'charge',
          name: 'Charge nurse',
          kind: 'percent',
          basisPoints: 1_000,
          capCentsPerHour: 200,
          manualOnly: true,
        },
      ],
    });
    // 10 % of $25 is $2.50, capped at $2.00: 8 h × $2 = $16.
    const charge = await shift(job, '2026-11-10', '08:00', '16:00', {
      manualPremiumIds: ['charge'],
    });
    const plain = await shift(job, '2026-11-11', '08:00', '16:00');
    expect(charge).toMatchObject({ earnings: '216.00', premiumEarnings: '16.00' });
    expect(charge.manualPremiumIds).toEqual(['charge']);
    expect(plain).toMatchObject({ earnings: '200.00', premiumEarnings: '0.00' });
    const unknown = await call('POST', '/api/work-logs', {
      employerId: job,
      date: '2026-11-12',
      startTime: '08:00',
      endTime: '16:00',
      manualPremiumIds: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.manualPremiumIds).toBe("Choose premiums from Ward's list");
  });

  it('a holiday on a weekend adds to the weekend premium; holidays can be taken off and added', async () => {
    const job = await employer('Museum', {
      hourlyRate: '20.00',
      holidayCountry: 'US',
      premiums: [
        { id: 'we', name: 'Weekend', kind: 'fixed', centsPerHour: 100, days: [0, 6] },
        { id: 'hol', name: 'Holiday', kind: 'percent', basisPoints: 5_000, holidays: true },
      ],
    });
    // Saturday 4 July 2026, Independence Day: 8 h × ($1 + $10) = $88 on top of $160.
    const fourth = await shift(job, '2026-07-04', '09:00', '17:00');
    expect(fourth).toMatchObject({ earnings: '248.00', premiumEarnings: '88.00' });
    const year = (await call('GET', `/api/employers/${job}/holidays?year=2026`)).json();
    expect(year.holidays).toContainEqual({
      date: '2026-07-04',
      name: 'Independence Day',
      source: 'library',
      removed: false,
    });
    // Taken off the list: the weekend premium alone.
    const off = await call('DELETE', `/api/employers/${job}/holidays/2026-07-04`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().holidays).toContainEqual(
      expect.objectContaining({ date: '2026-07-04', removed: true }),
    );
    expect((await logsOf(job))[0]).toMatchObject({ premiumEarnings: '8.00' });
    // A date of one's own (a works outing day) pays the holiday premium.
    const outing = await shift(job, '2026-08-12', '09:00', '17:00');
    expect(outing.premiumEarnings).toBe('0.00');
    const added = await call('POST', `/api/employers/${job}/holidays`, {
      date: '2026-08-12',
      name: 'Museum day',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await logsOf(job))[1]).toMatchObject({ date: '2026-08-12', premiumEarnings: '80.00' });
  });

  it('refuses a premium it cannot pay, and another user’s employer’s holidays are 404', async () => {
    const bad = await call('POST', '/api/employers', {
      name: 'Bad premium',
      hourlyRate: '10',
      premiums: [
        {
          id: 'x',
          name: 'X',
          kind: 'fixed',
          centsPerHour: 100,
          window: { start: '22:00', end: '22:00' },
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The window must start and end at different times');
    const badCountry = await call('POST', '/api/employers', {
      name: 'Nowhere',
      hourlyRate: '10',
      holidayCountry: 'ZZ',
    });
    expect(badCountry.statusCode).toBe(400);
    const job = await employer('Mine', { hourlyRate: '10.00' });
    const other = await signUp(ctx.app, { firstName: 'Eve', lastName: 'Other' });
    const theirs = await callApi(ctx.app, 'GET', `/api/employers/${job}/holidays?year=2026`, other);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the dialog’s preview', () => {
  it('prices a shift as typed with the rest of its week, saving nothing', async () => {
    const job = await employer('Preview', { hourlyRate: '15.00', overtime: US_FEDERAL });
    for (const date of MON_TO_FRI) await shift(job, date, '08:00', '16:00');
    const res = await call('POST', '/api/work-logs/pay-preview', {
      employerId: job,
      date: SATURDAY,
      startTime: '08:00',
      endTime: '16:00',
      hourlyRateAtTime: '9.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      regularCents: 7_200,
      overtimeCents: 5_600,
      totalCents: 12_800,
      period: {
        startDate: '2026-11-08',
        paidMinutes: 2_880,
        straightTimeCents: 67_200,
        exactRegularRateCentsPerHour: '1400',
        overtimeMinutes: [{ multiplierBp: 15_000, minutes: 480 }],
        thresholdMinutes: 2_400,
        minutesLeftBeforeThreshold: 0,
      },
    });
    expect((await logsOf(job)).length).toBe(5);
  });
});

describe('how far a save reaches', () => {
  it('pays again the shifts of the touched workweek (and the days at its edges), not the year', async () => {
    const job = await employer('Long year', { hourlyRate: '20.00', overtime: US_FEDERAL });
    // Eight weeks of Monday-to-Friday shifts, from Monday 5 October.
    const start = Date.UTC(2026, 9, 5);
    for (let week = 0; week < 8; week++) {
      for (let day = 0; day < 5; day++) {
        const date = new Date(start + (week * 7 + day) * 86_400_000).toISOString().slice(0, 10);
        await shift(job, date, '08:00', '16:00');
      }
    }
    // A date in the workweek of Sunday 1 November: its five shifts, none of the other 35.
    const written = await recomputePay(ctx.database.db, worker.userId, {
      touched: [{ employerId: job, date: '2026-11-04' }],
    });
    expect(written).toBe(5);
    // Without overtime, only the shifts of the date itself.
    const plain = await employer('No overtime', { hourlyRate: '20.00' });
    for (const date of MON_TO_FRI) await shift(plain, date, '08:00', '16:00');
    expect(
      await recomputePay(ctx.database.db, worker.userId, {
        touched: [{ employerId: plain, date: MON_TO_FRI[2]! }],
      }),
    ).toBe(1);
  });
});

describe('another user’s data', () => {
  it('the preview answers 404 for another user’s employer or work log, like missing ones', async () => {
    const job = await employer('Private', { hourlyRate: '20.00', overtime: US_FEDERAL });
    const log = await shift(job, '2026-11-10', '08:00', '16:00');
    const other = await signUp(ctx.app, { firstName: 'Eve', lastName: 'Else' });
    const theirs = await addEmployer(ctx.app, other, { name: 'Theirs', hourlyRate: '10' });
    const body = { date: '2026-11-10', startTime: '08:00', endTime: '16:00' };
    const asOther = (payload: object) =>
      callApi(ctx.app, 'POST', '/api/work-logs/pay-preview', other, payload);
    expect((await asOther({ ...body, employerId: job })).statusCode).toBe(404);
    expect((await asOther({ ...body, employerId: theirs.id, id: log.id })).statusCode).toBe(404);
    expect((await asOther({ ...body, employerId: 999_999 })).statusCode).toBe(404);
  });
});

describe('what a save tells the mirror', () => {
  it('names the other shifts of the week whose pay changed, and only those', async () => {
    const job = await employer('Mirror', { hourlyRate: '20.00', overtime: US_FEDERAL });
    for (const date of MON_TO_FRI) await shift(job, date, '08:00', '16:00');
    await shift(job, SATURDAY, '08:00', '16:00');
    // A longer Monday (8 h 30) pays itself more and makes the week 48 h 30: the last 8 h 30 in
    // time are overtime, Saturday's 8 h (as before) and Friday's last 30 minutes (new). Tuesday
    // to Thursday and Saturday are paid as they were.
    const monday = (await logsOf(job))[0]!;
    const changed: number[] = [];
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`update work_logs set end_time = '16:30' where id = ${monday.id}`);
      await recomputePay(
        tx,
        worker.userId,
        { touched: [{ employerId: job, date: monday.date }] },
        changed,
      );
    });
    const friday = (await logsOf(job)).find((l) => l.date === MON_TO_FRI[4])!;
    expect(friday).toMatchObject({ overtimeEarnings: '5.00' });
    expect(changed.sort((a, b) => a - b)).toEqual([monday.id, friday.id]);
  });
});

describe('another country’s holidays', () => {
  it('replace the old ones and pay the shifts again; dates added by hand stay', async () => {
    const job = await employer('Travelling', {
      hourlyRate: '20.00',
      holidayCountry: 'US',
      premiums: [
        { id: 'hol', name: 'Holiday', kind: 'percent', basisPoints: 5_000, holidays: true },
      ],
    });
    // 4 July is a US holiday, 1 July a Canadian one (Canada Day); 12 August added by hand.
    await shift(job, '2026-07-01', '09:00', '17:00');
    await shift(job, '2026-07-04', '09:00', '17:00');
    await shift(job, '2026-08-12', '09:00', '17:00');
    await call('POST', `/api/employers/${job}/holidays`, { date: '2026-08-12', name: 'Our day' });
    expect((await logsOf(job)).map((l) => l.premiumEarnings)).toEqual(['0.00', '80.00', '80.00']);
    const moved = await call('PATCH', `/api/employers/${job}`, { holidayCountry: 'CA' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ holidayCountry: 'CA', holidayRegion: null });
    expect((await logsOf(job)).map((l) => l.premiumEarnings)).toEqual(['80.00', '0.00', '80.00']);
    // A region of another country is refused, and nothing changes.
    const wrong = await call('PATCH', `/api/employers/${job}`, { holidayRegion: 'CA-XX' });
    expect(wrong.statusCode).toBe(400);
    const none = await call('PATCH', `/api/employers/${job}`, { holidayCountry: null });
    expect(none.statusCode, none.body).toBe(200);
    expect((await logsOf(job)).map((l) => l.premiumEarnings)).toEqual(['0.00', '0.00', '80.00']);
  });
});

describe('bad input to the new routes', () => {
  it('answers 400 with a message and changes nothing', async () => {
    const job = await employer('Strict', { hourlyRate: '20.00', holidayCountry: 'US' });
    const year = await call('GET', `/api/employers/${job}/holidays?year=1999`);
    expect(year.statusCode).toBe(400);
    expect(year.body).toContain('Year must be between 2000 and 2100');
    const nameless = await call('POST', `/api/employers/${job}/holidays`, { date: '2026-08-12' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('Holiday name is required');
    const badDate = await call('DELETE', `/api/employers/${job}/holidays/2026-02-30`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('Please choose a real date (YYYY-MM-DD)');
    const notHoliday = await call('DELETE', `/api/employers/${job}/holidays/2026-08-13`);
    expect(notHoliday.statusCode).toBe(404);
    expect(notHoliday.json().message).toBe('No holiday on that date');
    const listed = (await call('GET', `/api/employers/${job}/holidays?year=2026`)).json();
    expect(listed.holidays.some((h: { source: string }) => h.source === 'added')).toBe(false);
    const longBreak = await call('POST', '/api/work-logs/pay-preview', {
      employerId: job,
      date: '2026-11-10',
      startTime: '08:00',
      endTime: '09:00',
      breakDuration: 60,
    });
    expect(longBreak.statusCode).toBe(400);
    expect(longBreak.json().errors.breakDuration).toBe('Break must be shorter than the shift');
    const noTimes = await call('POST', '/api/work-logs/pay-preview', { employerId: job });
    expect(noTimes.statusCode).toBe(400);
  });
});
