import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDivRound } from './money.ts';
import {
  PayError,
  type PayRules,
  type PayShift,
  payPrecisions,
  payShift,
  payShifts,
  rateOn,
  roundingDirections,
  roundingSteps,
  roundToStep,
} from './pay-engine.ts';
import { formatTime24 } from './time.ts';

const rules = (overrides: Partial<PayRules> = {}): PayRules => ({
  roundingStep: 'none',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'none',
  taxBasisPoints: 0,
  rates: [{ effectiveFrom: null, rateCents: 3100 }],
  ...overrides,
});

let nextId = 1;
const shift = (overrides: Partial<PayShift> = {}): PayShift => ({
  id: nextId++,
  date: '2026-11-10',
  startTime: '09:00',
  endTime: '16:15',
  breakDuration: 0,
  timeZone: 'America/Chicago',
  ...overrides,
});

const one = (s: PayShift, r: PayRules) => {
  const result = payShift(s, r);
  if ('field' in result) throw new Error(result.message);
  return result;
};

describe('the examples a payroll clerk checks by hand', () => {
  it('7 h 15 at $31 pays $224.75 by the minute', () => {
    const pay = one(shift(), rules());
    expect(pay).toMatchObject({ workedMinutes: 435, paidMinutes: 435, payCents: 22475 });
    expect(pay.tenths).toBe(73);
    expect(pay.hundredths).toBe(725);
  });

  it('15-minute rounding keeps 7.25 hours: $224.75', () => {
    const pay = one(shift({ endTime: '16:17' }), rules({ roundingStep: '15' }));
    expect(pay).toMatchObject({ workedMinutes: 437, paidMinutes: 435, payCents: 22475 });
  });

  it('billing in tenths keeps 7.3 × $31 = $226.30', () => {
    const pay = one(shift(), rules({ precision: 'tenths' }));
    expect(pay).toMatchObject({ paidMinutes: 438, tenths: 73, payCents: 22630 });
  });

  it('a 1-minute shift pays $0.52, not $0.00', () => {
    expect(one(shift({ startTime: '09:00', endTime: '09:01' }), rules()).payCents).toBe(52);
  });

  it('an overnight shift across the autumn change pays 9 h 30 less its break', () => {
    const night = shift({
      date: '2026-10-31',
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
    });
    expect(one(night, rules({ rates: [{ effectiveFrom: null, rateCents: 2000 }] }))).toMatchObject({
      elapsedMinutes: 570,
      workedMinutes: 540,
      payCents: 18000,
    });
    const spring = { ...night, date: '2026-03-07' };
    expect(
      one(spring, rules({ rates: [{ effectiveFrom: null, rateCents: 2000 }] })).workedMinutes,
    ).toBe(420);
  });

  it("the nurse's three employers keep their own tax methods", () => {
    const hospital = rules({
      taxMethod: 'deduct',
      taxBasisPoints: 2000,
      rates: [{ effectiveFrom: null, rateCents: 4200 }],
    });
    const clinic = rules({
      taxMethod: 'add',
      taxBasisPoints: 800,
      rates: [{ effectiveFrom: null, rateCents: 5500 }],
    });
    const bar = rules({ rates: [{ effectiveFrom: null, rateCents: 1500 }] });
    const h = payShifts(
      [shift({ startTime: '07:00', endTime: '19:30', breakDuration: 30 })],
      hospital,
    );
    const c = payShifts([shift({ startTime: '09:00', endTime: '13:00' })], clinic);
    const b = payShifts([shift({ date: '2026-11-14', startTime: '20:00', endTime: '02:00' })], bar);
    // 12 h × $42 = $504.00, less 20 % = $403.20
    expect(h.totals).toMatchObject({ grossCents: 50400, taxCents: 10080, totalCents: 40320 });
    // 4 h × $55 = $220.00, plus 8 % = $237.60
    expect(c.totals).toMatchObject({ grossCents: 22000, taxCents: 1760, totalCents: 23760 });
    // 6 h × $15 = $90.00
    expect(b.totals).toMatchObject({ grossCents: 9000, taxCents: 0, totalCents: 9000 });
  });
});

describe('rounding', () => {
  it.each([
    ['15', 'nearest', 7, 0],
    ['15', 'nearest', 8, 15],
    ['15', 'up', 1, 15],
    ['15', 'down', 29, 15],
    ['6', 'nearest', 3, 6],
    ['60', 'down', 59, 0],
    ['none', 'up', 61, 61],
  ] as const)('step %s %s: %i → %i', (step, direction, minutes, expected) => {
    expect(roundToStep(minutes, step, direction)).toBe(expected);
  });
});

describe('rate history', () => {
  const rates = [
    { effectiveFrom: '2026-07-01', rateCents: 3300 },
    { effectiveFrom: null, rateCents: 3000 },
    { effectiveFrom: '2026-01-01', rateCents: 3100 },
  ];
  it('a shift is paid at the rate in effect on its start date', () => {
    expect(rateOn('2025-12-31', rates)).toBe(3000);
    expect(rateOn('2026-01-01', rates)).toBe(3100);
    expect(rateOn('2026-06-30', rates)).toBe(3100);
    expect(rateOn('2026-07-01', rates)).toBe(3300);
    // No change from the beginning: the earliest applies before it.
    expect(rateOn('2020-01-01', [{ effectiveFrom: '2026-01-01', rateCents: 1 }])).toBe(1);
  });
  it("a rate typed on the shift wins; an overnight shift keeps its start date's rate", () => {
    const r = rules({ rates });
    expect(one(shift({ ownRateCents: 5000 }), r).rateCents).toBe(5000);
    expect(
      one(shift({ date: '2026-06-30', startTime: '22:00', endTime: '06:00' }), r).rateCents,
    ).toBe(3100);
  });
});

describe('invalid shifts', () => {
  it('a break as long as the shift is refused', () => {
    expect(
      payShift(shift({ startTime: '09:00', endTime: '10:00', breakDuration: 60 }), rules()),
    ).toMatchObject({
      field: 'breakDuration',
    });
  });
  it('payShifts throws the problem of the first invalid shift', () => {
    const bad = shift({ date: '2026-03-08', startTime: '02:30', endTime: '09:00' });
    expect(() => payShifts([shift(), bad], rules())).toThrow(PayError);
  });
});

// Any rules, any shifts: the figures a sheet prints can be recomputed by hand from what it prints.
const anyRules = fc.record({
  roundingStep: fc.constantFrom(...roundingSteps),
  roundingDirection: fc.constantFrom(...roundingDirections),
  precision: fc.constantFrom(...payPrecisions),
  taxMethod: fc.constantFrom('add' as const, 'deduct' as const, 'none' as const),
  taxBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  rates: fc.array(
    fc.record({
      effectiveFrom: fc.option(
        fc
          .integer({ min: 0, max: 730 })
          .map((d) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
      ),
      rateCents: fc.integer({ min: 0, max: 100_000 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});
const anyShift = fc
  .record({
    day: fc.integer({ min: 0, max: 730 }),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1439 }),
    breakDuration: fc.integer({ min: 0, max: 120 }),
    ownRateCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
    timeZone: fc.constantFrom('America/Chicago', 'Europe/Berlin', 'UTC', 'Asia/Kolkata'),
  })
  .map(({ day, start, length, breakDuration, ownRateCents, timeZone }) => ({
    id: 0,
    date: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
    startTime: formatTime24(start),
    endTime: formatTime24((start + length) % 1440),
    breakDuration: Math.min(breakDuration, length - 1),
    ownRateCents,
    timeZone,
  }));

describe('properties over random rules and shifts', () => {
  it('totals are the sums of the lines; each line is its minutes × rate ÷ 60, to the cent', () => {
    fc.assert(
      fc.property(anyRules, fc.array(anyShift, { maxLength: 40 }), (r, drawn) => {
        const valid = drawn
          .map((s, i) => ({ ...s, id: i + 1 }))
          .filter((s) => !('field' in payShift(s, r)));
        const { shifts, totals } = payShifts(valid, r);
        let gross = 0;
        let tenths = 0;
        let paid = 0;
        for (const row of shifts) {
          const linesSum = row.lines.reduce((sum, line) => sum + line.amountCents, 0);
          expect(row.payCents).toBe(linesSum);
          for (const line of row.lines) {
            expect(line.amountCents).toBe(mulDivRound(line.minutes, line.rateCents, 60));
          }
          // What a sheet prints beside the row: h:mm × rate gives the pay.
          expect(row.payCents).toBe(mulDivRound(row.paidMinutes, row.rateCents, 60));
          // Worked minutes rounded by the rules printed on the sheet give the paid minutes.
          const stepped = roundToStep(row.workedMinutes, r.roundingStep, r.roundingDirection);
          expect(row.paidMinutes).toBe(
            r.precision === 'tenths' ? roundToStep(stepped, '6', 'nearest') : stepped,
          );
          if (r.precision === 'tenths') {
            expect(row.paidMinutes % 6).toBe(0);
            expect(row.payCents).toBe(mulDivRound(row.tenths, row.rateCents, 10));
          }
          expect(row.workedMinutes).toBe(row.elapsedMinutes - row.breakMinutes);
          gross += row.payCents;
          tenths += row.tenths;
          paid += row.paidMinutes;
        }
        expect(totals.grossCents).toBe(gross);
        expect(totals.tenths).toBe(tenths);
        expect(totals.paidMinutes).toBe(paid);
        expect(totals.shifts).toBe(valid.length);
        const tax = r.taxMethod === 'none' ? 0 : mulDivRound(gross, r.taxBasisPoints, 10_000);
        expect(totals.taxCents).toBe(tax);
        expect(totals.totalCents).toBe(
          r.taxMethod === 'add' ? gross + tax : r.taxMethod === 'deduct' ? gross - tax : gross,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('3,000 shifts (ten years of one employer) come out in one pass', () => {
    const many: PayShift[] = [];
    for (let i = 0; i < 3000; i++) {
      const date = new Date(Date.UTC(2016, 0, 1) + i * 86_400_000 * 1.2).toISOString().slice(0, 10);
      many.push(
        shift({ id: i + 1, date, startTime: '22:00', endTime: '06:30', breakDuration: 30 }),
      );
    }
    const { totals } = payShifts(many, rules());
    expect(totals.shifts).toBe(3000);
    // Every shift is 8 h worked except on the clock-change nights (9 h or 7 h).
    expect(Math.abs(totals.workedMinutes - 3000 * 480)).toBeLessThanOrEqual(60 * 20);
  });
});
