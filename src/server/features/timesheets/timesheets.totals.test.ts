import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHours, formatMoneyString } from '../../../shared/domain/index.ts';
import {
  type PayRules,
  payPrecisions,
  payShifts,
  roundingDirections,
  roundingSteps,
} from '../../../shared/domain/pay-engine.ts';
import { DEFAULT_TIME_ZONE, taxCalculations } from '../../../shared/schemas/settings.ts';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { setEmployerRules } from '../../test/pay-rules.ts';

/** Tax changes on an employer with shifts say which shifts they reach. */
const EVERY_SHIFT = { from: 'every' } as const;

let ctx: TestContext;
let alice: Session;
let clinicId: number;

const RATE_CENTS = 2000;
const TAX_BASIS_POINTS = 1500;
type Log = Omit<CreateWorkLogBody, 'employerId'>;

/**
 * October, cut at both ends: overnight shifts, breaks, a log's own rate, a 7-minute one, and
 * the night of 31 October into 1 November, when New York's clocks go back (an hour longer).
 */
const inside: Log[] = [
  {
    date: '2026-10-01',
    startTime: '09:00',
    endTime: '17:07',
    breakDuration: 30,
    department: 'Ward A',
  },
  { date: '2026-10-02', startTime: '22:00', endTime: '06:10', breakDuration: 15 },
  { date: '2026-10-15', startTime: '08:52', endTime: '12:00', hourlyRateAtTime: '32.50' },
  { date: '2026-10-20', startTime: '13:00', endTime: '13:07' },
  // Starts on the last day and ends on 1 November: it belongs to October.
  { date: '2026-10-31', startTime: '23:00', endTime: '07:23', department: 'Ward B' },
];
const outside: Log[] = [
  // Ends on 1 October, but starts the day before.
  { date: '2026-09-30', startTime: '22:00', endTime: '06:00' },
  { date: '2026-11-01', startTime: '00:30', endTime: '08:00' },
];

const expectedPay = (rules: PayRules) =>
  payShifts(
    inside.map((log, id) => ({
      id,
      date: log.date,
      startTime: log.startTime,
      endTime: log.endTime,
      breakDuration: log.breakDuration ?? 0,
      timeZone: DEFAULT_TIME_ZONE,
      ownRateCents: log.hourlyRateAtTime === '32.50' ? 3250 : null,
    })),
    rules,
  );

/** Every step twice, with each direction and precision among them: 12 generations, under the rate limit. */
const combos = roundingSteps.flatMap((roundingStep, s) =>
  [s, s + 1].map((k) => ({
    roundingStep,
    roundingDirection: roundingDirections[k % roundingDirections.length]!,
    precision: payPrecisions[k % payPrecisions.length]!,
  })),
);

const generate = (employerId: number, format: 'pdf' | 'csv' = 'csv') =>
  callApi(ctx.app, 'POST', '/api/timesheets/generate', alice, {
    employerId,
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    format,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  const clinic = await addEmployer(ctx.app, alice, {
    name: 'Riverside Clinic',
    hourlyRate: '20.00',
    taxRate: '15',
    departments: ['Ward A', 'Ward B'],
  });
  clinicId = clinic.id;
  for (const log of [...inside, ...outside]) {
    await addWorkLog(ctx.app, alice, { employerId: clinicId, ...log });
  }
  const other = await addEmployer(ctx.app, alice, { name: 'Other Place', hourlyRate: '99' });
  await addWorkLog(ctx.app, alice, {
    employerId: other.id,
    date: '2026-10-10',
    startTime: '09:00',
    endTime: '17:00',
  });
});

describe('timesheet totals', () => {
  combos.forEach((combo, i) => {
    const method = taxCalculations[i % taxCalculations.length]!;
    const name = `${combo.roundingStep}/${combo.roundingDirection}/${combo.precision}`;
    it(`equal the engine’s totals and tax under the employer’s rules ${name}, tax ${method}`, async () => {
      await setEmployerRules(ctx, alice.userId, clinicId, { ...combo, taxMethod: method });
      const { totals } = expectedPay({
        ...combo,
        taxMethod: method,
        taxBasisPoints: TAX_BASIS_POINTS,
        rates: [{ effectiveFrom: null, rateCents: RATE_CENTS }],
      });

      const res = await generate(clinicId);
      expect(res.statusCode).toBe(201);
      expect(res.json().timesheet).toMatchObject({
        taxCalculation: method,
        shifts: 5,
        totalHours: formatHours(totals.tenths),
        totalEarnings: formatMoneyString(totals.grossCents),
        tax: formatMoneyString(totals.taxCents),
        totalDue: formatMoneyString(totals.totalCents),
      });
    });
  });

  it('take the tax once on the gross, not per row', async () => {
    await callApi(ctx.app, 'PATCH', '/api/settings/export', alice, {
      roundTime: 'none',
      taxCalculation: 'add',
    });
    // A new employer starts with the settings' method (add). Three rows of 10 cents: 1.5 cents of tax each would round to 6 cents; on the 30 cents
    // of gross it is 4.5, so 5.
    const tiny = await addEmployer(ctx.app, alice, {
      name: 'Tiny Tasks',
      hourlyRate: '1.00',
      taxRate: '15',
    });
    for (const date of ['2026-10-05', '2026-10-06', '2026-10-07']) {
      await addWorkLog(ctx.app, alice, {
        employerId: tiny.id,
        date,
        startTime: '09:00',
        endTime: '09:06',
      });
    }
    const { timesheet } = (await generate(tiny.id)).json();
    expect(timesheet).toMatchObject({ totalEarnings: '0.30', tax: '0.05', totalDue: '0.35' });
  });

  it('leave nothing due when the whole gross is deducted at 100 %', async () => {
    const all = await addEmployer(ctx.app, alice, {
      name: 'All Taxed',
      hourlyRate: '10',
      taxRate: '100',
    });
    await addWorkLog(ctx.app, alice, {
      employerId: all.id,
      date: '2026-10-03',
      startTime: '09:00',
      endTime: '12:00',
    });
    await callApi(ctx.app, 'PATCH', `/api/employers/${all.id}`, alice, {
      taxMethod: 'deduct',
      applyChange: EVERY_SHIFT,
    });
    const { timesheet } = (await generate(all.id)).json();
    expect(timesheet).toMatchObject({ totalEarnings: '30.00', tax: '30.00', totalDue: '0.00' });
  });
});

describe('the range of a timesheet', () => {
  it('holds the logs that start on its days: an overnight shift on the last day, not the next day’s', async () => {
    const { downloadUrl } = (await generate(clinicId)).json();
    const csv = (await callApi(ctx.app, 'GET', downloadUrl, alice)).body;
    const records: string[][] = parse(csv, { bom: true });
    const dates = records
      .slice(1)
      .map((r) => r[0])
      .filter((d) => /^\d{4}-/.test(d ?? ''));
    expect(dates).toEqual(['2026-10-01', '2026-10-02', '2026-10-15', '2026-10-20', '2026-10-31']);
  });

  it('still makes a document, saying there were no shifts, for a range without logs', async () => {
    for (const format of ['csv', 'pdf'] as const) {
      const res = await callApi(ctx.app, 'POST', '/api/timesheets/generate', alice, {
        employerId: clinicId,
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        format,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().timesheet).toMatchObject({
        shifts: 0,
        totalHours: '0.0',
        totalDue: '0.00',
      });
    }
  });
});
