import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type PayShift,
  payShifts,
  roundingDirections,
  roundingSteps,
} from '../../../shared/domain/pay-engine.ts';
import { formatTime24 } from '../../../shared/domain/time.ts';
import type { CreateEmployerBody } from '../../../shared/schemas/employers.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { backfillPayResults, PAY_VERSION } from '../../db/pay-results.ts';
import { employers, settings, workLogs } from '../../db/schema/index.ts';
import {
  callApi,
  createTestApp,
  type Method,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

let ctx: TestContext;
let nurse: Session;

const call = (method: Method, url: string, who: Session, payload?: object) =>
  callApi(ctx.app, method, url, who, payload);

const employer = (who: Session, body: CreateEmployerBody) => addEmployer(ctx.app, who, body);
const shift = (body: CreateWorkLogBody) => addWorkLog(ctx.app, nurse, body);

async function setZone(who: Session, timeZone: string) {
  await ctx.database.db.update(settings).set({ timeZone }).where(eq(settings.userId, who.userId));
}

interface Stored {
  id: number;
  timeZone: string;
  workedMinutes: number | null;
  paidMinutes: number | null;
  tenths: number | null;
  rateCents: number | null;
  payCents: number | null;
  payVersion: number | null;
}

async function stored(id: number): Promise<Stored> {
  const [row] = await ctx.database.db
    .select({
      id: workLogs.id,
      timeZone: workLogs.timeZone,
      workedMinutes: workLogs.payWorkedMinutes,
      paidMinutes: workLogs.payMinutes,
      tenths: workLogs.payTenths,
      rateCents: workLogs.payRateCents,
      payCents: workLogs.payCents,
      payVersion: workLogs.payVersion,
    })
    .from(workLogs)
    .where(eq(workLogs.id, id));
  return row!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  nurse = await signUp(ctx.app);
  await setZone(nurse, 'America/Chicago');
});

describe('each saved shift stores what the pay engine computed', () => {
  it('7 h 15 at $31 stores $224.75, by the minute', async () => {
    const clinic = await employer(nurse, { name: 'Clinic', hourlyRate: '31.00' });
    const log = await shift({
      employerId: clinic.id,
      date: '2026-11-10',
      startTime: '09:00',
      endTime: '16:15',
      breakDuration: 0,
    });
    expect(await stored(log.id)).toMatchObject({
      timeZone: 'America/Chicago',
      workedMinutes: 435,
      paidMinutes: 435,
      tenths: 73,
      rateCents: 3100,
      payCents: 22475,
      payVersion: PAY_VERSION,
    });
  });

  it('by hand: 15-minute rounding keeps 7.25 h, tenths bill 7.3 h, a minute pays $0.52', async () => {
    const quarter = await employer(nurse, {
      name: 'Quarter Hours',
      hourlyRate: '31.00',
      roundingStep: '15',
    });
    const tenths = await employer(nurse, {
      name: 'Tenths Billing',
      hourlyRate: '31.00',
      payPrecision: 'tenths',
    });
    const day = { date: '2026-11-11', breakDuration: 0 };
    // 09:00–16:17 is 437 minutes; to the nearest quarter hour 435 (7.25 h): 7.25 × $31.
    const q = await shift({ employerId: quarter.id, ...day, startTime: '09:00', endTime: '16:17' });
    expect(await stored(q.id)).toMatchObject({
      workedMinutes: 437,
      paidMinutes: 435,
      payCents: 22475,
    });
    // Billed in tenths, 7 h 15 is 7.3 h: 7.3 × $31 = $226.30.
    const t = await shift({ employerId: tenths.id, ...day, startTime: '09:00', endTime: '16:15' });
    expect(await stored(t.id)).toMatchObject({ paidMinutes: 438, tenths: 73, payCents: 22630 });
    // One minute by the minute: 31 ÷ 60 = 51.67¢, so $0.52 (it was $0.00 from tenths).
    const minute = await employer(nurse, { name: 'One Minute', hourlyRate: '31.00' });
    const m = await shift({ employerId: minute.id, ...day, startTime: '20:00', endTime: '20:01' });
    expect(await stored(m.id)).toMatchObject({ paidMinutes: 1, payCents: 52 });
    const listed = (await call('GET', `/api/work-logs?employerId=${minute.id}`, nurse)).json();
    expect(listed[0]).toMatchObject({ hours: '0.0', paidMinutes: 1, earnings: '0.52' });
  });

  it('the autumn night stores 9 h 30 less the break; the spring night 7 h 30', async () => {
    const bar = await employer(nurse, { name: 'Night Bar', hourlyRate: '20.00' });
    const night = (date: string) =>
      shift({ employerId: bar.id, date, startTime: '22:00', endTime: '06:30', breakDuration: 30 });
    const autumn = await night('2026-10-31');
    expect(await stored(autumn.id)).toMatchObject({ workedMinutes: 540, payCents: 18000 });
    const spring = await night('2026-03-07');
    expect(await stored(spring.id)).toMatchObject({ workedMinutes: 420, payCents: 14000 });
    // A break longer than the wall clock's 8 h 30 but shorter than the 9 h 30 that passed.
    const long = await shift({
      employerId: bar.id,
      date: '2026-10-31',
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 540,
      allowOverlap: true,
    });
    expect(await stored(long.id)).toMatchObject({ workedMinutes: 30, payCents: 1000 });
    // The same nights in Berlin, whose clocks change a week earlier in autumn and three weeks later in spring.
    await setZone(nurse, 'Europe/Berlin');
    for (const [date, worked] of [
      ['2026-10-24', 540],
      ['2026-03-28', 420],
      ['2026-10-31', 480],
    ] as const) {
      const log = await night(date);
      expect(await stored(log.id)).toMatchObject({
        timeZone: 'Europe/Berlin',
        workedMinutes: worked,
      });
    }
    await setZone(nurse, 'America/Chicago');
  });

  it('a time the clocks skip is refused with a message naming the change, and nothing is saved', async () => {
    const bar = await employer(nurse, { name: 'Spring Bar', hourlyRate: '20.00' });
    const before = await ctx.database.db.$count(workLogs, eq(workLogs.employerId, bar.id));
    const res = await call('POST', '/api/work-logs', nurse, {
      employerId: bar.id,
      date: '2026-03-08',
      startTime: '02:30',
      endTime: '09:00',
      breakDuration: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.startTime).toBe(
      'Start time 02:30 does not exist on March 8, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)',
    );
    expect(await ctx.database.db.$count(workLogs, eq(workLogs.employerId, bar.id))).toBe(before);
  });

  it('a shift keeps the zone it was logged in; an edit recomputes it there', async () => {
    const shop = await employer(nurse, { name: 'Shop', hourlyRate: '18.00' });
    const { id } = await shift({
      employerId: shop.id,
      date: '2026-10-31',
      startTime: '23:00',
      endTime: '03:00',
      breakDuration: 0,
    });
    expect(await stored(id)).toMatchObject({ workedMinutes: 300 });
    await setZone(nurse, 'Asia/Tokyo');
    const edited = await call('PATCH', `/api/work-logs/${id}`, nurse, { breakDuration: 15 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stored(id)).toMatchObject({ timeZone: 'America/Chicago', workedMinutes: 285 });
    await setZone(nurse, 'America/Chicago');
  });

  it("a new employer starts with the user's rounding and tax method", async () => {
    await ctx.database.db
      .update(settings)
      .set({ roundTime: '15', taxCalculation: 'deduct' })
      .where(eq(settings.userId, nurse.userId));
    const hospital = await employer(nurse, { name: 'Hospital', hourlyRate: '42.00' });
    const [row] = await ctx.database.db
      .select()
      .from(employers)
      .where(eq(employers.id, hospital.id));
    expect(row).toMatchObject({
      taxMethod: 'deduct',
      roundingStep: '15',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
    });
    await ctx.database.db
      .update(settings)
      .set({ roundTime: 'none', taxCalculation: 'add' })
      .where(eq(settings.userId, nurse.userId));
  });

  it("changing the employer's rate recomputes its shifts without a rate of their own", async () => {
    const gig = await employer(nurse, { name: 'Gig', hourlyRate: '0' });
    const { id } = await shift({
      employerId: gig.id,
      date: '2026-11-12',
      startTime: '10:00',
      endTime: '12:00',
      breakDuration: 0,
    });
    expect(await stored(id)).toMatchObject({ rateCents: 0, payCents: 0 });
    const patched = await call('PATCH', `/api/employers/${gig.id}`, nurse, {
      hourlyRate: '25.00',
      applyChange: { from: 'every' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await stored(id)).toMatchObject({ rateCents: 2500, payCents: 5000 });
  });
});

describe('the stored figures equal the engine for any rules and shifts', () => {
  it('random shifts under every rule combination, then the start-up backfill after a version change', async () => {
    const user = await signUp(ctx.app);
    await setZone(user, 'Europe/Berlin');
    const combos = roundingSteps.flatMap((step) =>
      roundingDirections.flatMap((direction) =>
        (['minutes', 'tenths'] as const).map((precision) => ({ step, direction, precision })),
      ),
    );
    const ids: number[] = [];
    for (const [index, combo] of combos.entries()) {
      const { id } = await employer(user, {
        name: `Rules ${index}`,
        hourlyRate: `${10 + index}.37`,
        roundingStep: combo.step,
        roundingDirection: combo.direction,
        payPrecision: combo.precision,
      });
      ids.push(id);
    }
    const shifts = fc.sample(
      fc.record({
        employer: fc.integer({ min: 0, max: ids.length - 1 }),
        day: fc.integer({ min: 0, max: 400 }),
        start: fc.integer({ min: 0, max: 1439 }),
        length: fc.integer({ min: 2, max: 1439 }),
        breakDuration: fc.integer({ min: 0, max: 90 }),
        ownRate: fc.option(fc.integer({ min: 1, max: 9_999 }), { freq: 4 }),
      }),
      { numRuns: 1_100, seed: 35 },
    );
    // Straight into the table (as rows saved before these rules were): the backfill computes them.
    const rows = shifts.map((s) => ({
      userId: user.userId,
      employerId: ids[s.employer]!,
      date: new Date(Date.UTC(2026, 0, 1) + s.day * 86_400_000).toISOString().slice(0, 10),
      startTime: formatTime24(s.start),
      endTime: formatTime24((s.start + s.length) % 1440),
      breakDuration: Math.min(s.breakDuration, s.length - 1),
      hourlyRateAtTime: s.ownRate === null ? '0' : (s.ownRate / 100).toFixed(2),
      timeZone: 'Europe/Berlin',
    }));
    await ctx.database.db.insert(workLogs).values(rows);
    const written = await backfillPayResults(ctx.database.db);
    expect(written).toBeGreaterThanOrEqual(rows.length);

    const all = await ctx.database.db.execute<{
      id: number;
      employerId: number;
      date: string;
      startTime: string;
      endTime: string;
      breakDuration: number;
      ownRateCents: string;
      rateCents: string;
      payCents: string;
      paidMinutes: number;
      tenths: number;
      workedMinutes: number;
      payVersion: number;
    }>(sql`select l.id, l.employer_id as "employerId", l.date::text as date,
                  to_char(l.start_time, 'HH24:MI') as "startTime", to_char(l.end_time, 'HH24:MI') as "endTime",
                  l.break_duration as "breakDuration", (l.hourly_rate_at_time * 100)::int::text as "ownRateCents",
                  l.pay_rate_cents::text as "rateCents", l.pay_cents::text as "payCents",
                  l.pay_minutes as "paidMinutes", l.pay_tenths as tenths, l.pay_worked_minutes as "workedMinutes",
                  l.pay_version as "payVersion"
             from work_logs l where l.user_id = ${user.userId} order by l.id`);
    expect(all.rows).toHaveLength(rows.length);
    const sums = await ctx.database.db.execute<{ employerId: number; pay: string; tenths: string }>(
      sql`select employer_id as "employerId", sum(pay_cents)::text as pay, sum(pay_tenths)::text as tenths
            from work_logs where user_id = ${user.userId} group by employer_id`,
    );
    for (const [index, combo] of combos.entries()) {
      const employerId = ids[index]!;
      const mine = all.rows.filter((row) => row.employerId === employerId);
      const shiftsOf: PayShift[] = mine.map((row) => ({
        id: row.id,
        date: row.date,
        startTime: row.startTime,
        endTime: row.endTime,
        breakDuration: row.breakDuration,
        timeZone: 'Europe/Berlin',
        ownRateCents: Number(row.ownRateCents),
      }));
      const engine = payShifts(
        shiftsOf,
        {
          roundingStep: combo.step,
          roundingDirection: combo.direction,
          precision: combo.precision,
          taxMethod: 'none',
          taxBasisPoints: 0,
          rates: [{ effectiveFrom: null, rateCents: 1000 + index * 100 + 37 }],
        },
        'stored',
      );
      for (const [i, row] of mine.entries()) {
        const expected = engine.shifts[i]!;
        expect({
          worked: row.workedMinutes,
          paid: row.paidMinutes,
          tenths: row.tenths,
          rate: Number(row.rateCents),
          pay: Number(row.payCents),
          version: row.payVersion,
        }).toEqual({
          worked: expected.workedMinutes,
          paid: expected.paidMinutes,
          tenths: expected.tenths,
          rate: expected.rateCents,
          pay: expected.payCents,
          version: PAY_VERSION,
        });
      }
      const sum = sums.rows.find((row) => row.employerId === employerId);
      expect(Number(sum?.pay ?? 0)).toBe(engine.totals.grossCents);
      expect(Number(sum?.tenths ?? 0)).toBe(engine.totals.tenths);
    }
    // Nothing left to do: a second start-up writes nothing.
    expect(await backfillPayResults(ctx.database.db)).toBe(0);
  });
});
