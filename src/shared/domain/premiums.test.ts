import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './dates.ts';
import { offsetAt } from './elapsed.ts';
import { type PayRules, type PayShift, payShift, type ShiftPay } from './pay-engine.ts';
import {
  addR,
  compileRule,
  holidayDays,
  insideMinutes,
  mulR,
  type PremiumRule,
  type PremiumShift,
  premiumLines,
  premiumRatePerHour,
  ratio,
  realSpanOf,
  roundR,
  subR,
  weekdayOfDay,
} from './premiums.ts';
import { formatTime24, parseTime } from './time.ts';

const rules = (overrides: Partial<PayRules> = {}): PayRules => ({
  roundingStep: 'none',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'none',
  taxBasisPoints: 0,
  rates: [{ effectiveFrom: null, rateCents: 2000 }],
  ...overrides,
});

let nextId = 1;
const shift = (overrides: Partial<PremiumShift> = {}): PremiumShift => ({
  id: nextId++,
  date: '2026-11-10',
  startTime: '09:00',
  endTime: '17:00',
  breakDuration: 0,
  timeZone: 'America/Chicago',
  ...overrides,
});

const pay = (s: PayShift, r: PayRules = rules(), mode: 'input' | 'stored' = 'input'): ShiftPay => {
  const result = payShift(s, r, mode);
  if ('field' in result) throw new Error(result.message);
  return result;
};

const linesOf = (s: PremiumShift, premiums: PremiumRule[], r = rules(), holidays: string[] = []) =>
  premiumLines(s, pay(s, r), premiums, holidays);

const night: PremiumRule = {
  id: 'night',
  name: 'Night',
  window: { start: '22:00', end: '06:00' },
  kind: 'fixed',
  centsPerHour: 200,
};

describe('premium windows', () => {
  it('a fixed evening premium pays its rate for the hours inside the window', () => {
    // 16:00–24:00, all inside 16:00–00:00: 8 h × $1 = $8.00.
    const evening: PremiumRule = {
      id: 'evening',
      name: 'Evening',
      window: { start: '16:00', end: '00:00' },
      kind: 'fixed',
      centsPerHour: 100,
    };
    const [line] = linesOf(shift({ startTime: '16:00', endTime: '00:00' }), [evening]);
    expect(line).toMatchObject({ minutes: 480, insideSpanMinutes: 480, amountCents: 800 });
  });

  it('the break and rounding fall proportionally inside and outside', () => {
    // 20:00–08:00 is 720 real minutes, 22:00–06:00 of them (480) inside; break 60 → 660 paid.
    // Inside: 660 × 480 / 720 = 440 minutes; 440 × $2 / 60 = $14.666… → $14.67.
    const s = shift({
      date: '2026-11-14',
      startTime: '20:00',
      endTime: '08:00',
      breakDuration: 60,
    });
    const [line] = linesOf(s, [night]);
    expect(line).toMatchObject({ minutes: 440, exactMinutes: ratio(440), amountCents: 1467 });
  });

  it('inside share is kept exact: rounded once, on money', () => {
    // 09:00–16:00 (420 real), break 7 → 413 paid; window 09:00–10:00 (60 real).
    // Inside: 413 × 60 / 420 = 59 exactly; at $1.00 → 98.33… → 98¢.
    // 21:00–02:00 (300), break 1 → 299; window 22:00–06:00: 240 inside → 299 × 240/300 = 1196/5
    // = 239.2 minutes; × $2 / 60 = 797.33… → 797¢.
    const early: PremiumRule = {
      id: 'early',
      name: 'Early',
      window: { start: '09:00', end: '10:00' },
      kind: 'fixed',
      centsPerHour: 100,
    };
    const [a] = linesOf(shift({ startTime: '09:00', endTime: '16:00', breakDuration: 7 }), [early]);
    expect(a).toMatchObject({ exactMinutes: ratio(59), amountCents: 98 });
    const [b] = linesOf(shift({ startTime: '21:00', endTime: '02:00', breakDuration: 1 }), [night]);
    expect(b).toMatchObject({ exactMinutes: ratio(1196, 5), minutes: 239, amountCents: 797 });
  });

  it("a window crossing midnight belongs to the day it starts: Friday's night runs into Saturday", () => {
    // Friday-only night rule, shift Sat 00:00–05:00: inside Friday's 22:00–06:00 window → 5 h.
    // Saturday 22:00–23:00 lies in Saturday's window: not a Friday one → nothing.
    const friday: PremiumRule = { ...night, id: 'fri', days: [5] };
    const [line] = linesOf(shift({ date: '2026-11-14', startTime: '00:00', endTime: '05:00' }), [
      friday,
    ]);
    expect(line).toMatchObject({ minutes: 300, amountCents: 1000 });
    expect(
      linesOf(shift({ date: '2026-11-14', startTime: '22:00', endTime: '23:00' }), [friday]),
    ).toEqual([]);
  });

  it('a capped percentage: 20 % of $30 is $6, capped at $5; 20 % of $20 is $4', () => {
    const capped: PremiumRule = {
      id: 'hazard',
      name: 'Hazard',
      kind: 'percent',
      basisPoints: 2000,
      capCentsPerHour: 500,
    };
    // No conditions: every minute. 4 h × $5 = $20.00; 4 h × $4 = $16.00.
    const four = { startTime: '09:00', endTime: '13:00' };
    expect(linesOf(shift({ ...four, ownRateCents: 3000 }), [capped])[0]).toMatchObject({
      rateCentsPerHour: 500,
      amountCents: 2000,
    });
    expect(linesOf(shift({ ...four, ownRateCents: 2000 }), [capped])[0]).toMatchObject({
      rateCentsPerHour: 400,
      amountCents: 1600,
    });
    // 12.5 % of $20.01 = 250.125¢/h, kept exact: 8 h → 2001.00¢ exactly, not 8 × 250¢.
    const odd: PremiumRule = { id: 'odd', name: 'Odd', kind: 'percent', basisPoints: 1250 };
    expect(linesOf(shift({ ownRateCents: 2001 }), [odd])[0]).toMatchObject({
      exactRateCentsPerHour: ratio(2001n * 1250n, 10_000n),
      amountCents: 2001,
    });
  });

  it('a holiday inside a weekend: the two premiums add, neither compounds', () => {
    // Saturday 4 July 2026, 09:00–17:00 at $20: weekend +$3/h → $24; holiday +50 % of the base
    // rate ($10/h, not of $23) → $80. Total extras $104 on $160.
    const weekend: PremiumRule = {
      id: 'weekend',
      name: 'Weekend',
      days: [0, 6],
      kind: 'fixed',
      centsPerHour: 300,
    };
    const holiday: PremiumRule = {
      id: 'holiday',
      name: 'Holiday',
      holidays: true,
      kind: 'percent',
      basisPoints: 5000,
    };
    const lines = linesOf(shift({ date: '2026-07-04' }), [weekend, holiday], rules(), [
      '2026-07-04',
    ]);
    expect(lines.map((line) => [line.ruleId, line.amountCents])).toEqual([
      ['weekend', 2400],
      ['holiday', 8000],
    ]);
    // Friday 3 July 20:00 → Saturday 04:00: without a window each minute goes by its own date,
    // so only 00:00–04:00 is weekend and holiday: 4 h × $3 = $12, 4 h × $10 = $40.
    const overnight = linesOf(
      shift({ date: '2026-07-03', startTime: '20:00', endTime: '04:00' }),
      [weekend, holiday],
      rules(),
      ['2026-07-04'],
    );
    expect(overnight.map((line) => [line.minutes, line.amountCents])).toEqual([
      [240, 1200],
      [240, 4000],
    ]);
  });

  it('the night the clocks go back in Chicago, the window holds its extra hour', () => {
    // Saturday 31 Oct 2026 22:00 → 06:30 lasts 570 real minutes (01:00–02:00 twice); break 30
    // → 540 paid. The Saturday night window 22:00–06:00 holds 540 real minutes of it.
    // Inside: 540 × 540 / 570 = 9720/19 ≈ 511.58 minutes; × $2 / 60 = 1705.26… → $17.05.
    const s = shift({
      date: '2026-10-31',
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
    });
    const saturday: PremiumRule = { ...night, days: [6] };
    expect(linesOf(s, [saturday])[0]).toMatchObject({
      insideSpanMinutes: 540,
      exactMinutes: ratio(9720, 19),
      minutes: 512,
      amountCents: 1705,
    });
    // A Sunday night window starts Sunday 22:00: none of this shift.
    expect(linesOf(s, [{ ...night, days: [0] }])).toEqual([]);
    // The spring night (8 March 2026) loses an hour: 22:00 → 06:30 lasts 450, 420 paid,
    // 420 real minutes inside: 420 × 420 / 450 = 392 → 392 × $2 / 60 = $13.07.
    const spring = shift({
      date: '2026-03-07',
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
    });
    expect(linesOf(spring, [saturday])[0]).toMatchObject({
      insideSpanMinutes: 420,
      exactMinutes: ratio(392),
      amountCents: 1307,
    });
  });

  it('a premium switched on by hand covers the whole shift whatever its conditions', () => {
    const callIn: PremiumRule = {
      id: 'call-in',
      name: 'Call-in',
      manualOnly: true,
      kind: 'fixed',
      centsPerHour: 500,
    };
    const s = shift({ manualPremiumIds: ['call-in', 'night', 'gone'] });
    // 8 h day shift: call-in 8 × $5 = $40; night by hand 8 × $2 = $16; 'gone' names no rule.
    expect(linesOf(s, [callIn, night]).map((line) => line.amountCents)).toEqual([4000, 1600]);
    // Without the switch: manualOnly never applies, night has no minute inside.
    expect(linesOf(shift(), [callIn, night])).toEqual([]);
  });

  it('rules are checked', () => {
    expect(() =>
      compileRule({ id: 'x', name: 'X', days: [7], kind: 'fixed', centsPerHour: 1 }),
    ).toThrow(RangeError);
    expect(() => compileRule({ id: 'x', name: 'X', kind: 'percent', basisPoints: -1 })).toThrow(
      RangeError,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: the exact share against a minute-by-minute count.

const anyRule: fc.Arbitrary<PremiumRule> = fc
  .record({
    window: fc.option(
      fc.record({
        start: fc.integer({ min: 0, max: 1439 }),
        end: fc.integer({ min: 0, max: 1439 }),
      }),
    ),
    days: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1 })),
    holidays: fc.boolean(),
    percent: fc.boolean(),
    amount: fc.integer({ min: 0, max: 5000 }),
    cap: fc.option(fc.integer({ min: 0, max: 1000 })),
  })
  .map(({ window, days, holidays, percent, amount, cap }) => {
    const base = {
      id: `r${amount}`,
      name: 'Rule',
      ...(window
        ? { window: { start: formatTime24(window.start), end: formatTime24(window.end) } }
        : {}),
      ...(days ? { days } : {}),
      holidays,
    };
    return percent
      ? {
          ...base,
          kind: 'percent' as const,
          basisPoints: amount,
          ...(cap === null ? {} : { capCentsPerHour: cap }),
        }
      : { ...base, kind: 'fixed' as const, centsPerHour: amount };
  });

const isoDay = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const anyShift = fc
  .record({
    around: fc.constantFrom('2026-03-01', '2026-07-01', '2026-10-25'),
    day: fc.integer({ min: 0, max: 14 }),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1439 }),
    breakDuration: fc.integer({ min: 0, max: 120 }),
    ownRateCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
    timeZone: fc.constantFrom('America/Chicago', 'Europe/Berlin', 'UTC', 'Australia/Lord_Howe'),
  })
  .map(({ around, day, start, length, breakDuration, ownRateCents, timeZone }) => ({
    id: 0,
    date: isoDay(around, day),
    startTime: formatTime24(start),
    endTime: formatTime24((start + length) % 1440),
    breakDuration: Math.min(breakDuration, length - 1),
    ownRateCents,
    timeZone,
  }));

/** Minute by minute: is this real minute inside the rule? */
function insideByMinute(
  rule: PremiumRule,
  instant: number,
  timeZone: string,
  holidays: Set<number>,
) {
  const wall = instant + offsetAt(instant, timeZone);
  const minute = ((wall % 1440) + 1440) % 1440;
  let day = Math.floor(wall / 1440);
  if (rule.window) {
    const start = parseTime(rule.window.start)!;
    const end = parseTime(rule.window.end)!;
    const length = end > start ? end - start : end - start + 1440;
    const into = (((minute - start) % 1440) + 1440) % 1440;
    if (into >= length) return false;
    if (minute < start) day -= 1; // the window opened the day before
  }
  if (rule.days && !rule.days.includes(weekdayOfDay(day))) return false;
  if (rule.holidays && !holidays.has(day)) return false;
  return true;
}

describe('properties over random rules and shifts', () => {
  const holidayDates = ['2026-03-08', '2026-07-04', '2026-11-01', '2026-10-31'];
  const holidaySet = holidayDays(holidayDates);

  it('inside minutes are those a minute-by-minute count finds; inside + outside = paid exactly', () => {
    fc.assert(
      fc.property(anyRule, anyShift, fc.constantFrom('none', '15', '30'), (rule, s, step) => {
        const r = rules({ roundingStep: step as PayRules['roundingStep'] });
        const figures = payShift(s, r, 'stored');
        if ('field' in figures) return;
        const span = realSpanOf(s, 'stored');
        const spanMinutes = span.end - span.start;
        if (spanMinutes <= 0) return;
        // The span read on its own agrees with the engine's elapsed minutes.
        expect(spanMinutes).toBe(figures.elapsedMinutes);
        let counted = 0;
        for (let t = span.start; t < span.end; t++) {
          if (insideByMinute(rule, t, s.timeZone, holidaySet)) counted++;
        }
        const inside = insideMinutes(compileRule(rule), span, span.start, span.end, holidaySet);
        expect(inside).toBe(counted);
        const lines = premiumLines(s, figures, [rule], holidayDates, 'stored');
        if (inside === 0 || figures.paidMinutes === 0) {
          expect(lines).toEqual([]);
          return;
        }
        const [line] = lines;
        const outside = ratio(
          BigInt(figures.paidMinutes) * BigInt(spanMinutes - inside),
          spanMinutes,
        );
        expect(addR(line!.exactMinutes, outside)).toEqual(ratio(figures.paidMinutes));
        expect(subR(ratio(figures.paidMinutes), line!.exactMinutes)).toEqual(outside);
        const rate = premiumRatePerHour(rule, figures.rateCents);
        expect(line!.amountCents).toBe(
          roundR(mulR(line!.exactMinutes, ratio(rate.num, rate.den * 60n))),
        );
        // Cross-check the money by plain BigInt: paid × inside × rate / (span × 60), halves up.
        const num =
          2n * BigInt(figures.paidMinutes) * BigInt(inside) * rate.num +
          BigInt(spanMinutes) * 60n * rate.den;
        const den = 2n * BigInt(spanMinutes) * 60n * rate.den;
        expect(BigInt(line!.amountCents)).toBe(num / den);
      }),
      { numRuns: 400 },
    );
  });

  it('day numbers agree with the calendar', () => {
    expect(weekdayOfDay(daysBetween('1970-01-01', '2026-11-26'))).toBe(4); // a Thursday
    expect(weekdayOfDay(daysBetween('1970-01-01', '2026-11-08'))).toBe(0);
  });
});
