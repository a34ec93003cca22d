import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../../shared/domain/money.ts';
import {
  payPrecisions,
  payShift,
  roundingDirections,
  roundingSteps,
  type ShiftPay,
} from '../../../shared/domain/pay-engine.ts';
import { formatTime24 } from '../../../shared/domain/time.ts';
import type { RateHistory } from '../../../shared/schemas/employers.ts';
import { backfillPayResults } from '../../db/pay-results.ts';
import { settings, workLogs } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

const NOW = new Date('2026-07-01T12:00:00Z');
let ctx: TestContext;
let user: Session;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  user = await signUp(ctx.app);
  await ctx.database.db
    .update(settings)
    .set({ timeZone: 'Europe/Berlin' })
    .where(eq(settings.userId, user.userId));
});

const dayOf = (n: number) =>
  new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

const change = fc.record({
  rate: fc.option(fc.integer({ min: 0, max: 9_999 }), { freq: 2 }),
  roundingStep: fc.option(fc.constantFrom(...roundingSteps), { freq: 2 }),
  roundingDirection: fc.option(fc.constantFrom(...roundingDirections), { freq: 2 }),
  payPrecision: fc.option(fc.constantFrom(...payPrecisions), { freq: 2 }),
  scope: fc.oneof(
    fc.constant({ from: 'every' as const }),
    fc.constant({ from: 'new' as const }),
    fc.integer({ min: 0, max: 364 }).map((n) => ({ from: 'date' as const, date: dayOf(n) })),
  ),
});

type Version = RateHistory['versions'][number];

/** Said plainly, apart from the server's code: the latest start on or before the date. */
function versionFor(date: string, versions: Version[]): Version {
  const started = versions.filter((v) => v.effectiveFrom === null || v.effectiveFrom <= date);
  return started
    .sort((a, b) => (a.effectiveFrom ?? '').localeCompare(b.effectiveFrom ?? ''))
    .at(-1)!;
}

describe('stored figures under a rate history', () => {
  it('after random changes, every shift is paid by the version of its date, its own rate first', async () => {
    const { id: employerId } = await addEmployer(ctx.app, user, {
      name: 'Changing Rules',
      hourlyRate: '21.37',
    });
    const shifts = fc.sample(
      fc.record({
        day: fc.integer({ min: 0, max: 364 }),
        start: fc.integer({ min: 0, max: 1439 }),
        length: fc.integer({ min: 2, max: 1000 }),
        breakDuration: fc.integer({ min: 0, max: 60 }),
        ownRate: fc.option(fc.integer({ min: 1, max: 9_999 }), { freq: 5 }),
      }),
      { numRuns: 400, seed: 36 },
    );
    await ctx.database.db.insert(workLogs).values(
      shifts.map((s) => ({
        userId: user.userId,
        employerId,
        date: dayOf(s.day),
        startTime: formatTime24(s.start),
        endTime: formatTime24((s.start + s.length) % 1440),
        breakDuration: Math.min(s.breakDuration, s.length - 1),
        hourlyRateAtTime: s.ownRate === null ? '0' : (s.ownRate / 100).toFixed(2),
        timeZone: 'Europe/Berlin',
      })),
    );
    await backfillPayResults(ctx.database.db);
    for (const c of fc.sample(change, { numRuns: 12, seed: 36 })) {
      const body = {
        ...(c.rate === null ? {} : { hourlyRate: (c.rate / 100).toFixed(2) }),
        ...(c.roundingStep === null ? {} : { roundingStep: c.roundingStep }),
        ...(c.roundingDirection === null ? {} : { roundingDirection: c.roundingDirection }),
        ...(c.payPrecision === null ? {} : { payPrecision: c.payPrecision }),
        name: 'Changing Rules',
        applyChange: c.scope,
      };
      const res = await callApi(ctx.app, 'PATCH', `/api/employers/${employerId}`, user, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const history: RateHistory = (
      await callApi(ctx.app, 'GET', `/api/employers/${employerId}/rate-history`, user)
    ).json();
    expect(history.versions.length).toBeGreaterThan(1);

    const { rows } = await ctx.database.db.execute<{
      id: number;
      date: string;
      startTime: string;
      endTime: string;
      breakDuration: number;
      ownRateCents: string;
      worked: number;
      paid: number;
      tenths: number;
      rate: string;
      pay: string;
    }>(sql`select id, date::text as date, to_char(start_time, 'HH24:MI') as "startTime",
                  to_char(end_time, 'HH24:MI') as "endTime", break_duration as "breakDuration",
                  (hourly_rate_at_time * 100)::int::text as "ownRateCents",
                  pay_worked_minutes as worked, pay_minutes as paid, pay_tenths as tenths,
                  pay_rate_cents::text as rate, pay_cents::text as pay
             from work_logs where employer_id = ${employerId} order by id`);
    expect(rows).toHaveLength(shifts.length);
    for (const row of rows) {
      const version = versionFor(row.date, history.versions);
      const expected = payShift(
        { ...row, timeZone: 'Europe/Berlin', ownRateCents: Number(row.ownRateCents) },
        {
          roundingStep: version.roundingStep,
          roundingDirection: version.roundingDirection,
          precision: version.payPrecision,
          taxMethod: 'none',
          taxBasisPoints: 0,
          rates: [{ effectiveFrom: null, rateCents: parseMoney(version.hourlyRate)! }],
        },
        'stored',
      ) as ShiftPay;
      expect({
        worked: row.worked,
        paid: row.paid,
        tenths: row.tenths,
        rate: Number(row.rate),
        pay: Number(row.pay),
      }).toEqual({
        worked: expected.workedMinutes,
        paid: expected.paidMinutes,
        tenths: expected.tenths,
        rate: expected.rateCents,
        pay: expected.payCents,
      });
    }
  });
});
