import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ExtrasResult,
  type OvertimeConfig,
  type OvertimeLine,
  overtimePresets,
  payWithExtras,
} from './overtime.ts';
import { type PayRules, payShift } from './pay-engine.ts';
import {
  addR,
  cmpR,
  type PremiumLine,
  type PremiumRule,
  type PremiumShift,
  premiumLines,
  type Ratio,
  ratio,
  roundR,
  ZERO,
} from './premiums.ts';
import { formatTime24 } from './time.ts';

const rules = (rateCents = 2000, overrides: Partial<PayRules> = {}): PayRules => ({
  roundingStep: 'none',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'none',
  taxBasisPoints: 0,
  rates: [{ effectiveFrom: null, rateCents }],
  ...overrides,
});

let nextId = 1;
const shift = (date: string, overrides: Partial<PremiumShift> = {}): PremiumShift => ({
  id: nextId++,
  date,
  startTime: '08:00',
  endTime: '16:00',
  breakDuration: 0,
  timeZone: 'America/Chicago',
  ...overrides,
});

// The week of Sunday 8 November 2026 (after the clock change), Sunday to Saturday.
const SUN = '2026-11-08';
const MON = '2026-11-09';
const TUE = '2026-11-10';
const WED = '2026-11-11';
const THU = '2026-11-12';
const FRI = '2026-11-13';
const SAT = '2026-11-14';
const weekdays = [MON, TUE, WED, THU, FRI];

const overtimeLines = (result: ExtrasResult): OvertimeLine[] =>
  result.shifts.flatMap((row) =>
    row.extraLines.filter((line): line is OvertimeLine => line.kind === 'overtime'),
  );
const premiumLinesOf = (result: ExtrasResult): PremiumLine[] =>
  result.shifts.flatMap((row) =>
    row.extraLines.filter((line): line is PremiumLine => line.kind === 'premium'),
  );
const none = { premiums: [], overtime: overtimePresets.none };

describe('the published examples', () => {
  it('29 CFR 778.115: 40 h at $15 and 8 h at $9 → regular rate $14.00, total $728.00', () => {
    // Straight time 40 × $15 + 8 × $9 = $672 for 48 h → regular rate $672 / 48 = $14.00.
    // Overtime premium 8 h × 0.5 × $14.00 = $56.00; total $672 + $56 = $728.00.
    const shifts = [
      ...weekdays.map((date) => shift(date, { ownRateCents: 1500 })),
      shift(SAT, { ownRateCents: 900 }),
    ];
    const result = payWithExtras(shifts, rules(), {
      premiums: [],
      overtime: overtimePresets.usFederal,
    });
    expect(result.periods).toHaveLength(1);
    expect(result.periods[0]).toMatchObject({
      kind: 'workweek',
      startDate: SUN,
      endDate: SAT,
      paidMinutes: 2880,
      straightTimeCents: 67_200,
      regularRateCentsPerHour: 1400,
      exactRegularRateCentsPerHour: ratio(1400),
      overtimeMinutes: [{ multiplierBp: 15_000, minutes: 480 }],
      overtimePremiumCents: 5600,
      minutesLeftBeforeThreshold: 0,
    });
    // The minutes past 40 h in time order are Saturday's.
    expect(result.shifts[5]!.extraLines).toEqual([
      expect.objectContaining({
        basis: 'weekly',
        multiplierBp: 15_000,
        minutes: 480,
        amountCents: 5600,
      }),
    ]);
    expect(result.totals).toMatchObject({
      regularCents: 67_200,
      overtimeCents: 5600,
      grossCents: 72_800,
    });
  });

  it('DOL Fact Sheet #54: three day and three evening shifts (+$1/h) → $442.00', () => {
    // 24 h × $8 + 24 h × ($8 + $1) = $192 + $216 = $408 for 48 h → regular rate $8.50.
    // Overtime premium 8 h × 0.5 × $8.50 = $34.00; total $408 + $34 = $442.00.
    const evening: PremiumRule = {
      id: 'evening',
      name: 'Evening shift',
      window: { start: '16:00', end: '00:00' },
      kind: 'fixed',
      centsPerHour: 100,
    };
    const shifts = [
      shift(MON),
      shift(TUE),
      shift(WED),
      shift(THU, { startTime: '16:00', endTime: '00:00' }),
      shift(FRI, { startTime: '16:00', endTime: '00:00' }),
      shift(SAT, { startTime: '16:00', endTime: '00:00' }),
    ];
    const result = payWithExtras(shifts, rules(800), {
      premiums: [evening],
      overtime: overtimePresets.usFederal,
    });
    expect(result.periods[0]).toMatchObject({
      straightTimeCents: 40_800,
      regularRateCentsPerHour: 850,
      overtimePremiumCents: 3400,
    });
    expect(result.totals).toMatchObject({
      regularCents: 38_400,
      premiumCents: 2400,
      overtimeCents: 3400,
      grossCents: 44_200,
    });
  });

  it('hospital 8 and 80: 6 days then 4 days of 8 h → no overtime; the weekly rule gives 8 h', () => {
    // Week 1: Mon–Sat 6 × 8 h = 48 h; week 2: Mon–Thu 4 × 8 h = 32 h. 80 h in the period and no
    // day over 8 h → 0 h under 8-and-80. Under the weekly rule week 1 has 48 − 40 = 8 h.
    const shifts = [
      ...[MON, TUE, WED, THU, FRI, SAT].map((date) => shift(date)),
      ...['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'].map((date) => shift(date)),
    ];
    const hospital: OvertimeConfig = {
      ...overtimePresets.hospital8and80,
      period14: { ...overtimePresets.hospital8and80.period14, anchorDate: SUN },
    };
    const eightAndEighty = payWithExtras(shifts, rules(), { premiums: [], overtime: hospital });
    expect(overtimeLines(eightAndEighty)).toEqual([]);
    expect(eightAndEighty.periods).toEqual([
      expect.objectContaining({
        kind: 'period14',
        startDate: SUN,
        endDate: '2026-11-21',
        paidMinutes: 4800,
        overtimeMinutes: [],
        minutesLeftBeforeThreshold: 0,
      }),
    ]);
    const weekly = payWithExtras(shifts, rules(), {
      premiums: [],
      overtime: overtimePresets.usFederal,
    });
    expect(weekly.periods.map((p) => p.overtimeMinutes)).toEqual([
      [expect.objectContaining({ multiplierBp: 15_000, minutes: 480 })],
      [],
    ]);
    // 8 h × 0.5 × $20 = $80.
    expect(weekly.totals.overtimeCents).toBe(8000);
    // A 9-hour day under 8-and-80 is daily overtime: 1 h × 0.5 × $20 = $10.
    const long = payWithExtras([shift(MON, { endTime: '17:00' })], rules(), {
      premiums: [],
      overtime: hospital,
    });
    expect(overtimeLines(long)).toEqual([
      expect.objectContaining({ basis: 'daily', minutes: 60, amountCents: 1000 }),
    ]);
  });

  it('California: one 14-hour day at $20 → 8 × 20 + 4 × 30 + 2 × 40 = $360', () => {
    // Straight time 14 × $20 = $280; 4 h × 0.5 × $20 = $40 (8–12 h); 2 h × 1 × $20 = $40 (12 h+).
    const result = payWithExtras([shift(TUE, { startTime: '06:00', endTime: '20:00' })], rules(), {
      premiums: [],
      overtime: overtimePresets.california,
    });
    expect(
      overtimeLines(result).map((l) => [l.basis, l.multiplierBp, l.minutes, l.amountCents]),
    ).toEqual([
      ['daily', 15_000, 240, 4000],
      ['daily', 20_000, 120, 4000],
    ]);
    expect(result.totals.grossCents).toBe(36_000);
    expect(result.periods[0]!.minutesLeftBeforeThreshold).toBe(2400 - 480);
  });
});

describe('our own cases', () => {
  it('a night window crossing midnight and the workweek boundary', () => {
    // Mon–Fri 8 h at $20 (40 h). Saturday 14 Nov 20:00 → Sunday 08:00 (720 real minutes), break
    // 60 → 660 paid. Saturday's night window 22:00–06:00 (+$2/h) holds 480 of the 720.
    // Premium: 660 × 480/720 = 440 min × $2 / 60 = $14.666… → $14.67.
    // The workweek ends Sunday 00:00: 240 of 720 real minutes fall in week 1 → 220 paid minutes,
    // 440 in week 2. Week 1 straight time: 2400 × $20/60 = $800 + 220 × $20/60 = $73.333…
    // + premium inside week 1 (22:00–24:00 → 660 × 120/720 = 110 min × $2/60 = $3.666…)
    // = $877.00 for 2620 minutes → regular rate 87700 × 60 / 2620 ¢/h ≈ $20.0840.
    // Week 1 overtime: the 220 minutes past 40 h: 220 × 0.5 × (87700 × 60 / 2620) / 60
    // = 110 × 87700 / 2620 = 3682.06… → $36.82. Week 2: 440 straight minutes, 2400 − 440 = 1960 left.
    const saturdayNight: PremiumRule = {
      id: 'night',
      name: 'Saturday night',
      days: [6],
      window: { start: '22:00', end: '06:00' },
      kind: 'fixed',
      centsPerHour: 200,
    };
    const late = shift(SAT, { startTime: '20:00', endTime: '08:00', breakDuration: 60 });
    const result = payWithExtras([...weekdays.map((d) => shift(d)), late], rules(), {
      premiums: [saturdayNight],
      overtime: overtimePresets.usFederal,
    });
    const row = result.shifts[5]!;
    expect(row.payCents).toBe(22_000);
    expect(row.extraLines).toEqual([
      expect.objectContaining({ kind: 'premium', minutes: 440, amountCents: 1467 }),
      expect.objectContaining({
        kind: 'overtime',
        basis: 'weekly',
        exactMinutes: ratio(220),
        periodStart: SUN,
        amountCents: 3682,
      }),
    ]);
    expect(result.periods).toMatchObject([
      {
        startDate: SUN,
        exactPaidMinutes: ratio(2620),
        straightTimeCents: 87_700,
        exactRegularRateCentsPerHour: ratio(87_700 * 60, 2620),
        regularRateCentsPerHour: 2008,
        overtimePremiumCents: 3682,
        minutesLeftBeforeThreshold: 0,
      },
      {
        startDate: '2026-11-15',
        exactPaidMinutes: ratio(440),
        // 440 × $20/60 + 330 × $2/60 = $146.666… + $11.00 = $157.67
        exactStraightTimeCents: ratio(440 * 2000 + 330 * 200, 60),
        overtimeMinutes: [],
        minutesLeftBeforeThreshold: 1960,
      },
    ]);
    expect(result.totals.grossCents).toBe(5 * 16_000 + 22_000 + 1467 + 3682);
  });

  it('a rate change mid-week: the regular rate is the weighted average', () => {
    // $20 until Tuesday, $24 from Wednesday 11 Nov; Mon–Sat 8 h each (48 h).
    // Straight time 16 × $20 + 32 × $24 = $320 + $768 = $1088 → regular rate $1088/48 = $22.666…
    // Overtime premium 8 × 0.5 × 6800/3 ¢ = 27200/3 = 9066.67 → $90.67. Total $1178.67.
    const r = rules(2000, {
      rates: [
        { effectiveFrom: null, rateCents: 2000 },
        { effectiveFrom: WED, rateCents: 2400 },
      ],
    });
    const result = payWithExtras(
      [MON, TUE, WED, THU, FRI, SAT].map((d) => shift(d)),
      r,
      { premiums: [], overtime: overtimePresets.usFederal },
    );
    expect(result.periods[0]).toMatchObject({
      exactRegularRateCentsPerHour: ratio(6800, 3),
      regularRateCentsPerHour: 2267,
      overtimePremiumCents: 9067,
    });
    expect(result.totals.grossCents).toBe(108_800 + 9067);
  });

  it('the autumn clock change in Chicago with a night window and weekly overtime', () => {
    // Week of Sunday 25 Oct 2026: Mon–Thu 10 h (40 h), then Saturday 31 Oct 22:00 → Sunday
    // 06:30 lasts 570 real minutes (01:00–02:00 twice), break 30 → 540 paid; the workweek
    // ends at Sunday 00:00 wall time: 120 real minutes before it, 450 after.
    // Night window 22:00–06:00 (+$2/h): 540 real minutes inside → 540 × 540/570 = 9720/19 min;
    // × $2/60 = 1705.26… → $17.05.
    // Week of 25 Oct: 2400 + 540 × 120/570 = 2400 + 2160/19 min; all 2160/19 past 40 h.
    // Straight: 2400 × 2000 + 2160/19 × (2000 + 200) (all of 22:00–24:00 is in the window), ÷ 60.
    const night: PremiumRule = {
      id: 'night',
      name: 'Night',
      window: { start: '22:00', end: '06:00' },
      kind: 'fixed',
      centsPerHour: 200,
    };
    const days = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29'];
    const s = shift('2026-10-31', { startTime: '22:00', endTime: '06:30', breakDuration: 30 });
    const result = payWithExtras(
      [...days.map((d) => shift(d, { startTime: '06:00', endTime: '16:00' })), s],
      rules(),
      { premiums: [night], overtime: overtimePresets.usFederal },
    );
    const row = result.shifts[4]!;
    expect(row.elapsedMinutes).toBe(570);
    const [premium, overtime] = row.extraLines;
    expect(premium).toMatchObject({ exactMinutes: ratio(9720, 19), amountCents: 1705 });
    const weekMinutes = addR(ratio(2400), ratio(2160, 19));
    const value = addR(ratio(2400 * 2000), ratio(2160 * 2200, 19));
    expect(result.periods[0]).toMatchObject({ exactPaidMinutes: weekMinutes });
    // OT = 2160/19 × 0.5 × (value / weekMinutes) / 60
    const rate = ratio(value.num * weekMinutes.den, value.den * weekMinutes.num);
    const exact = ratio(2160n * rate.num, 19n * 2n * 60n * rate.den);
    const cents = Number((2n * exact.num + exact.den) / (2n * exact.den));
    expect(overtime).toMatchObject({
      basis: 'weekly',
      exactMinutes: ratio(2160, 19),
      amountCents: cents,
    });
    // By hand: value = 4,800,000 + 4,752,000/19 = 95,952,000/19; minutes = 47,760/19;
    // rate = 95,952,000 / 47,760 ¢/h ≈ 2009.0452; OT ≈ 113.684 min × 0.5 × 2009.0452/60 ≈ 1903.31.
    expect(cents).toBe(1903);
    // Week of 1 Nov: 540 × 450/570 = 8100/19 min (540 − 2160/19), no overtime.
    expect(result.periods[1]).toMatchObject({
      exactPaidMinutes: ratio(8100, 19),
      overtimeMinutes: [],
    });
  });

  it('California: the 7th consecutive workday is 8 h at 1.5×, beyond at 2×', () => {
    // Sun–Fri 6 h each (36 h, no daily overtime), Saturday 10 h at $20, the 7th day worked.
    // Saturday: 8 h × 0.5 × $20 = $80, 2 h × 1 × $20 = $40; none counts toward 40 h (36 h).
    // Total 46 h × $20 = $920 + $120 = $1040.
    const six = [SUN, MON, TUE, WED, THU, FRI].map((d) => shift(d, { endTime: '14:00' }));
    const saturday = shift(SAT, { endTime: '18:00' });
    const ca = { premiums: [], overtime: overtimePresets.california };
    const result = payWithExtras([...six, saturday], rules(), ca);
    expect(
      result.shifts[6]!.extraLines.map(
        (l) => l.kind === 'overtime' && [l.basis, l.multiplierBp, l.minutes, l.amountCents],
      ),
    ).toEqual([
      ['seventhDay', 15_000, 480, 8000],
      ['seventhDay', 20_000, 120, 4000],
    ]);
    expect(result.totals.grossCents).toBe(104_000);
    expect(result.periods[0]!.minutesLeftBeforeThreshold).toBe(240);
    // Without Sunday, Saturday is the 6th day: only 2 h of daily overtime, 2 × 0.5 × $20 = $20.
    const sixDays = payWithExtras([...six.slice(1), saturday], rules(), ca);
    expect(overtimeLines(sixDays)).toEqual([
      expect.objectContaining({
        basis: 'daily',
        multiplierBp: 15_000,
        minutes: 120,
        amountCents: 2000,
      }),
    ]);
  });

  it('daily overtime minutes are not counted again toward the weekly threshold', () => {
    // California, Mon–Fri 10 h at $20: 2 h a day daily overtime (10 h), 40 h straight → no
    // weekly overtime (counting all 50 h would add 10 h more). 10 h × 0.5 × $20 = $100.
    // Then Saturday 5 h (6th day): 40 h already counted → 5 h weekly, 5 × 0.5 × $20 = $50.
    const ca = { premiums: [], overtime: overtimePresets.california };
    const week = weekdays.map((d) => shift(d, { endTime: '18:00' }));
    const result = payWithExtras(week, rules(), ca);
    expect(result.periods[0]!.overtimeMinutes).toEqual([
      expect.objectContaining({ multiplierBp: 15_000, minutes: 600 }),
    ]);
    expect(overtimeLines(result).every((l) => l.basis === 'daily')).toBe(true);
    expect(result.totals.grossCents).toBe(100_000 + 10_000);
    const withSaturday = payWithExtras([...week, shift(SAT, { endTime: '13:00' })], rules(), ca);
    expect(withSaturday.shifts[5]!.extraLines).toEqual([
      expect.objectContaining({ basis: 'weekly', minutes: 300, amountCents: 5000 }),
    ]);
    expect(withSaturday.totals.grossCents).toBe(110_000 + 10_000 + 5000);
  });

  it("8 and 80: the regular rate is the 14-day period's, not each week's", () => {
    // Week 1 Mon–Fri 9 h at $20 (45 h, 1 h a day over 8 → 5 h daily overtime); week 2 Monday
    // 12 h at $30 (4 h over 8). Period: 57 h, straight time 45 × $20 + 12 × $30 = $1260,
    // regular rate $1260 / 57 ≈ $22.105. Overtime 9 h × 0.5 × 126000/57 ¢ = 567000/57
    // = 9947.37… → $99.47 (split per shift and rounded per line: 5 × 1105.26… + 4421.05…).
    // Week by week it would be 5 × 0.5 × $20 + 4 × 0.5 × $30 = $110.
    const hospital: OvertimeConfig = {
      ...overtimePresets.hospital8and80,
      period14: { ...overtimePresets.hospital8and80.period14, anchorDate: SUN },
    };
    const result = payWithExtras(
      [
        ...weekdays.map((d) => shift(d, { endTime: '17:00', ownRateCents: 2000 })),
        shift('2026-11-16', { startTime: '06:00', endTime: '18:00', ownRateCents: 3000 }),
      ],
      rules(),
      { premiums: [], overtime: hospital },
    );
    expect(result.periods).toHaveLength(1);
    expect(result.periods[0]).toMatchObject({
      exactRegularRateCentsPerHour: ratio(126_000, 57),
      overtimeMinutes: [{ multiplierBp: 15_000, minutes: 540 }],
      minutesLeftBeforeThreshold: 4800 - 48 * 60,
    });
    // The period's premium is rounded once, as a clerk works it out: 9947.37 → 9947. Its lines
    // share it: 60 min → 63000/57 = 1105.26 (× 5), 240 min → 252000/57 = 4421.05; rounded down
    // they make 9946, and the cent left goes to the largest remainder, the first Monday's.
    expect(overtimeLines(result).map((l) => l.amountCents)).toEqual([
      1106, 1105, 1105, 1105, 1105, 4421,
    ]);
    expect(result.periods[0]!.overtimePremiumCents).toBe(9947);
  });

  it('a workweek starting Wednesday 07:00 splits a night shift there', () => {
    // Wednesday 11 Nov 03:00–11:00 with the workweek starting Wednesday 07:00: 4 h in each week.
    const config: OvertimeConfig = {
      ...overtimePresets.usFederal,
      workweekStartDay: 3,
      workweekStartTime: '07:00',
    };
    const result = payWithExtras([shift(WED, { startTime: '03:00', endTime: '11:00' })], rules(), {
      premiums: [],
      overtime: config,
    });
    expect(result.periods.map((p) => [p.startDate, p.paidMinutes])).toEqual([
      ['2026-11-04', 240],
      [WED, 240],
    ]);
  });

  it('a workweek starting inside a clock change splits the shift where the clock first reaches it', () => {
    // Workweek from Sunday 01:30, Chicago. Autumn: Sat 31 Oct 22:00 → Sun 06:30 is 570 real
    // minutes; 22:00 → the first 01:30 is 210; the repeated 01:00–01:30 stays in the new week,
    // so 360 fall after. Spring (clocks skip 02:00–03:00 on 8 March), from Sunday 02:30:
    // 22:00 → 02:00 is 240 real minutes before, 03:00 → 06:30 is 210 after.
    const config = (time: string): OvertimeConfig => ({
      ...overtimePresets.usFederal,
      workweekStartTime: time,
    });
    const split = (date: string, time: string) =>
      payWithExtras([shift(date, { startTime: '22:00', endTime: '06:30' })], rules(), {
        premiums: [],
        overtime: config(time),
      }).periods.map((p) => [p.startDate, p.paidMinutes]);
    expect(split('2026-10-31', '01:30')).toEqual([
      ['2026-10-25', 210],
      ['2026-11-01', 360],
    ]);
    expect(split('2026-03-07', '02:30')).toEqual([
      ['2026-03-01', 240],
      ['2026-03-08', 210],
    ]);
  });

  it('employers are separate: tax once on the gross of regular, premiums and overtime', () => {
    const result = payWithExtras(
      [shift(TUE, { startTime: '06:00', endTime: '20:00' })],
      rules(2000, { taxMethod: 'deduct', taxBasisPoints: 2000 }),
      { premiums: [], overtime: overtimePresets.california },
    );
    // $360 less 20 % = $288.
    expect(result.totals).toMatchObject({ grossCents: 36_000, taxCents: 7200, totalCents: 28_800 });
    expect(payWithExtras([], rules(), none).totals.grossCents).toBe(0);
  });

  it('a config is checked: a multiplier under 1×, a bad start time, a bad day', () => {
    const check = (overtime: OvertimeConfig) => () =>
      payWithExtras([], rules(), { premiums: [], overtime });
    expect(
      check({ ...overtimePresets.usFederal, weekly: { overMinutes: 2400, multiplierBp: 9000 } }),
    ).toThrow(RangeError);
    expect(check({ ...overtimePresets.none, workweekStartTime: '24:00' })).toThrow(RangeError);
    expect(check({ ...overtimePresets.none, workweekStartDay: 7 })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const isoDay = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const anyShift = fc
  .record({
    around: fc.constantFrom('2026-03-01', '2026-07-01', '2026-10-25'),
    day: fc.integer({ min: 0, max: 20 }),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1439 }),
    breakDuration: fc.integer({ min: 0, max: 90 }),
    ownRateCents: fc.option(fc.integer({ min: 0, max: 6000 })),
    timeZone: fc.constantFrom('America/Chicago', 'America/Chicago', 'Europe/Berlin', 'UTC'),
    manual: fc.boolean(),
  })
  .map(({ around, day, start, length, breakDuration, ownRateCents, timeZone, manual }) => ({
    id: 0,
    date: isoDay(around, day),
    startTime: formatTime24(start),
    endTime: formatTime24((start + length) % 1440),
    breakDuration: Math.min(breakDuration, length - 1),
    ownRateCents,
    timeZone,
    ...(manual ? { manualPremiumIds: ['callin'] } : {}),
  }));

const premiumSet: PremiumRule[] = [
  {
    id: 'night',
    name: 'Night',
    window: { start: '22:00', end: '06:00' },
    kind: 'fixed',
    centsPerHour: 150,
  },
  {
    id: 'weekend',
    name: 'Weekend',
    days: [0, 6],
    kind: 'percent',
    basisPoints: 1500,
    capCentsPerHour: 400,
  },
  { id: 'holiday', name: 'Holiday', holidays: true, kind: 'percent', basisPoints: 5000 },
  { id: 'callin', name: 'Call-in', manualOnly: true, kind: 'fixed', centsPerHour: 333 },
];
const holidays = ['2026-03-08', '2026-07-04', '2026-11-01'];

const anyConfig: fc.Arbitrary<OvertimeConfig> = fc.oneof(
  fc.constantFrom<OvertimeConfig>(
    overtimePresets.none,
    overtimePresets.usFederal,
    overtimePresets.california,
    overtimePresets.hospital8and80,
  ),
  fc
    .record({
      day: fc.integer({ min: 0, max: 6 }),
      time: fc.integer({ min: 0, max: 1439 }),
      preset: fc.constantFrom(
        overtimePresets.usFederal,
        overtimePresets.california,
        overtimePresets.hospital8and80,
      ),
    })
    .map(({ day, time, preset }) => ({
      ...preset,
      workweekStartDay: day,
      workweekStartTime: formatTime24(time),
    })),
);

const anyRules = fc
  .record({
    roundingStep: fc.constantFrom('none' as const, '15' as const, '6' as const),
    precision: fc.constantFrom('minutes' as const, 'tenths' as const),
    rate: fc.integer({ min: 0, max: 6000 }),
  })
  .map(({ roundingStep, precision, rate }) => rules(rate, { roundingStep, precision }));

const validShifts = (drawn: PremiumShift[], r: PayRules) =>
  drawn.map((s, i) => ({ ...s, id: i + 1 })).filter((s) => !('field' in payShift(s, r)));

const sumR = (values: Ratio[]) => values.reduce(addR, ZERO);

describe('properties over random shifts', () => {
  it('totals are the sums of the lines; no minute gets two overtime rates', () => {
    fc.assert(
      fc.property(
        anyRules,
        anyConfig,
        fc.array(anyShift, { maxLength: 30 }),
        (r, config, drawn) => {
          const shifts = validShifts(drawn, r);
          const result = payWithExtras(
            shifts,
            r,
            { premiums: premiumSet, overtime: config },
            holidays,
          );
          let regular = 0;
          let premium = 0;
          let overtime = 0;
          const periodOvertime = new Map<string, number>();
          for (const row of result.shifts) {
            const premiums = row.extraLines.filter((l) => l.kind === 'premium');
            const overtimes = row.extraLines.filter(
              (l): l is OvertimeLine => l.kind === 'overtime',
            );
            expect(row.premiumCents).toBe(premiums.reduce((sum, l) => sum + l.amountCents, 0));
            expect(row.overtimeCents).toBe(overtimes.reduce((sum, l) => sum + l.amountCents, 0));
            expect(row.totalPayCents).toBe(row.payCents + row.premiumCents + row.overtimeCents);
            // One rate per minute: a shift's overtime minutes never exceed its paid minutes.
            expect(
              cmpR(sumR(overtimes.map((l) => l.exactMinutes)), ratio(row.paidMinutes)),
            ).toBeLessThanOrEqual(0);
            for (const line of premiums) {
              expect(cmpR(line.exactMinutes, ratio(row.paidMinutes))).toBeLessThanOrEqual(0);
            }
            for (const line of overtimes) {
              periodOvertime.set(
                line.periodStart,
                (periodOvertime.get(line.periodStart) ?? 0) + line.amountCents,
              );
            }
            regular += row.payCents;
            premium += row.premiumCents;
            overtime += row.overtimeCents;
          }
          expect(result.totals).toMatchObject({
            regularCents: regular,
            premiumCents: premium,
            overtimeCents: overtime,
            grossCents: regular + premium + overtime,
          });
          // The periods' paid minutes add up to the shifts' exactly; their overtime to the lines'.
          expect(sumR(result.periods.map((p) => p.exactPaidMinutes))).toEqual(
            ratio(result.totals.paidMinutes),
          );
          for (const period of result.periods) {
            expect(period.overtimePremiumCents).toBe(periodOvertime.get(period.startDate) ?? 0);
            const ot = sumR(period.overtimeMinutes.map((o) => o.exactMinutes));
            expect(cmpR(ot, period.exactPaidMinutes)).toBeLessThanOrEqual(0);
            if (config.weekly && !config.period14 && !config.daily && !config.seventhDay) {
              // Weekly only: overtime is exactly what passes 40 h.
              const over = addR(period.exactPaidMinutes, ratio(-config.weekly.overMinutes));
              expect(ot).toEqual(over.num > 0n ? over : ZERO);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('results do not depend on the order of the shifts', () => {
    fc.assert(
      fc.property(
        anyRules,
        anyConfig,
        fc.array(anyShift, { maxLength: 25 }),
        fc.integer(),
        (r, config, drawn, seed) => {
          const shifts = validShifts(drawn, r);
          const shuffled = [...shifts];
          let state = seed >>> 0;
          for (let i = shuffled.length - 1; i > 0; i--) {
            state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
            const j = state % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
          }
          const extras = { premiums: premiumSet, overtime: config };
          const a = payWithExtras(shifts, r, extras, holidays);
          const b = payWithExtras(shuffled, r, extras, holidays);
          const byId = (result: ExtrasResult) => [...result.shifts].sort((x, y) => x.id - y.id);
          expect(byId(b)).toEqual(byId(a));
          expect(b.periods).toEqual(a.periods);
          expect(b.totals).toEqual(a.totals);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('premium lines are those of the single-shift function, in rule order', () => {
    fc.assert(
      fc.property(anyRules, fc.array(anyShift, { maxLength: 15 }), (r, drawn) => {
        const shifts = validShifts(drawn, r);
        const result = payWithExtras(
          shifts,
          r,
          { premiums: premiumSet, overtime: overtimePresets.california },
          holidays,
        );
        result.shifts.forEach((row, i) => {
          const figures = payShift(shifts[i]!, r);
          if ('field' in figures) throw new Error(figures.message);
          expect(row.extraLines.filter((l) => l.kind === 'premium')).toEqual(
            premiumLines(shifts[i]!, figures, premiumSet, holidays),
          );
        });
      }),
      { numRuns: 100 },
    );
    // Sunday 1 Nov 2026 (a holiday here) 20:00 → 07:00: night, weekend and holiday all apply.
    const [s] = validShifts(
      [shift('2026-11-01', { startTime: '20:00', endTime: '07:00' })],
      rules(),
    );
    const result = payWithExtras(
      [s!],
      rules(),
      { premiums: premiumSet, overtime: overtimePresets.none },
      holidays,
    );
    expect(premiumLinesOf(result).map((l) => l.ruleId)).toEqual(['night', 'weekend', 'holiday']);
  });

  it('a year of shifts (250) comes out in one pass', () => {
    const year: PremiumShift[] = [];
    for (let i = 0; i < 365; i++) {
      if (i % 7 === 0 || i % 7 === 6) continue;
      year.push(
        shift(isoDay('2026-01-04', i), {
          startTime: i % 3 ? '07:00' : '22:00',
          endTime: i % 3 ? '17:30' : '08:00',
          breakDuration: 30,
        }),
      );
    }
    const result = payWithExtras(
      year,
      rules(),
      { premiums: premiumSet, overtime: overtimePresets.california },
      holidays,
    );
    expect(result.shifts).toHaveLength(year.length);
    expect(result.totals.overtimeCents).toBeGreaterThan(0);
  });
});

// A minute-by-minute count: in UTC with no break and no rounding every paid minute is a real
// minute, so overtime can be found by walking the minutes in time order.
describe('against a minute-by-minute count', () => {
  const configs: OvertimeConfig[] = [
    overtimePresets.usFederal,
    overtimePresets.california,
    { ...overtimePresets.california, workweekStartDay: 3, workweekStartTime: '06:30' },
    overtimePresets.hospital8and80,
    // A low 14-day threshold, so random schedules pass it.
    {
      workweekStartDay: 1,
      workweekStartTime: '22:00',
      period14: {
        anchorDate: '2026-11-02',
        overMinutes: 2400,
        multiplierBp: 17_500,
        dailyOverMinutes: 600,
      },
    },
  ];

  function byMinute(
    config: OvertimeConfig,
    shifts: { start: number; end: number; rate: number }[],
  ) {
    const startMinute =
      Number(config.workweekStartTime.slice(0, 2)) * 60 + Number(config.workweekStartTime.slice(3));
    const weekOrigin = (((config.workweekStartDay - 4) % 7) + 7) % 7;
    const origin = config.period14
      ? Math.round(Date.parse(`${config.period14.anchorDate}T00:00:00Z`) / 86_400_000)
      : weekOrigin;
    const size = config.period14 ? 14 : 7;
    const workdayOf = (t: number) => Math.floor((t - startMinute) / 1440);
    const worked = new Set<number>();
    for (const s of shifts) for (let t = s.start; t < s.end; t++) worked.add(workdayOf(t));
    const seventh = (k: number) =>
      Boolean(config.seventhDay) &&
      (((k - weekOrigin) % 7) + 7) % 7 === 6 &&
      [0, 1, 2, 3, 4, 5, 6].every((i) => worked.has(k - i));
    const threshold = config.period14 ?? config.weekly;
    const daily = [...(config.daily ?? [])];
    if (config.period14)
      daily.push({
        overMinutes: config.period14.dailyOverMinutes,
        multiplierBp: config.period14.multiplierBp,
      });
    const position = new Map<number, number>();
    const counted = new Map<number, number>();
    const value = new Map<number, number>();
    const paid = new Map<number, number>();
    const lines = shifts.map(() => new Map<string, number>());
    shifts.forEach((s, i) => {
      for (let t = s.start; t < s.end; t++) {
        const k = workdayOf(t);
        const g = Math.floor((k - origin) / size);
        value.set(g, (value.get(g) ?? 0) + s.rate);
        paid.set(g, (paid.get(g) ?? 0) + 1);
        const p = (position.get(k) ?? 0) + 1;
        position.set(k, p);
        let basis = '';
        let best = 10_000;
        for (const tier of daily)
          if (p > tier.overMinutes && tier.multiplierBp > best)
            [basis, best] = ['daily', tier.multiplierBp];
        if (seventh(k)) {
          const m = p <= 480 ? 15_000 : 20_000;
          if (m >= best) [basis, best] = ['seventhDay', m];
        }
        if (best === 10_000 && threshold) {
          const c = (counted.get(g) ?? 0) + 1;
          counted.set(g, c);
          if (c > threshold.overMinutes)
            [basis, best] = [config.period14 ? 'period14' : 'weekly', threshold.multiplierBp];
        }
        if (basis) {
          const key = `${g}|${basis}|${best}`;
          lines[i]!.set(key, (lines[i]!.get(key) ?? 0) + 1);
        }
      }
    });
    return lines.map((map) =>
      [...map].map(([key, minutes]) => {
        const [g, basis, m] = key.split('|') as [string, string, string];
        // minutes × (m − 1) × (value / paid) / 60, halves up, in BigInt.
        const num = BigInt(minutes) * BigInt(Number(m) - 10_000) * BigInt(value.get(Number(g))!);
        const den = 10_000n * 60n * BigInt(paid.get(Number(g))!);
        return { g: Number(g), basis, multiplierBp: Number(m), minutes, exact: ratio(num, den) };
      }),
    );
  }

  it('overtime minutes, bases and amounts match', () => {
    const seen = new Set<string>();
    const schedule = fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 900 }),
        length: fc.integer({ min: 30, max: 1000 }),
        rate: fc.integer({ min: 1000, max: 5000 }),
      }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...configs),
        schedule,
        fc.integer({ min: 0, max: 10_000 }),
        (config, drawn, offset) => {
          let at = Date.UTC(2026, 10, 1) / 60_000 + offset;
          const plain = drawn.map(({ gap, length, rate }) => {
            const start = at + gap;
            at = start + length;
            return { start, end: at, rate };
          });
          const shifts: PremiumShift[] = plain.map((s, i) => ({
            id: i + 1,
            date: new Date(s.start * 60_000).toISOString().slice(0, 10),
            startTime: formatTime24(s.start % 1440),
            endTime: formatTime24(s.end % 1440),
            breakDuration: 0,
            timeZone: 'UTC',
            ownRateCents: s.rate,
          }));
          const result = payWithExtras(shifts, rules(), { premiums: [], overtime: config });
          const expected = byMinute(config, plain);
          // Per period and multiplier: the lines' cents and the exact premium they share.
          const sums = new Map<string, { cents: number; exact: Ratio }>();
          result.shifts.forEach((row, i) => {
            const got = row.extraLines.filter((l): l is OvertimeLine => l.kind === 'overtime');
            const order = ['daily', 'seventhDay', 'weekly', 'period14'];
            const want = expected[i]!.sort(
              (a, b) =>
                a.g - b.g ||
                order.indexOf(a.basis) - order.indexOf(b.basis) ||
                a.multiplierBp - b.multiplierBp,
            );
            expect(got.map((l) => [l.basis, l.multiplierBp, l.exactMinutes])).toEqual(
              want.map((l) => [l.basis, l.multiplierBp, ratio(l.minutes)]),
            );
            want.forEach((line, j) => {
              // Each line is its exact share rounded down or up…
              const floor = Number(line.exact.num / line.exact.den);
              expect([floor, floor + 1]).toContain(got[j]!.amountCents);
              const key = `${line.g}|${line.multiplierBp}`;
              const sum = sums.get(key) ?? { cents: 0, exact: ratio(0) };
              sums.set(key, {
                cents: sum.cents + got[j]!.amountCents,
                exact: addR(sum.exact, line.exact),
              });
              seen.add(line.basis);
            });
          });
          // …and the lines of a period at one multiplier add up to its premium rounded once.
          for (const { cents, exact } of sums.values()) expect(cents).toBe(roundR(exact));
        },
      ),
      { numRuns: 300 },
    );
    // The random schedules did reach every basis.
    expect([...seen].sort()).toEqual(['daily', 'period14', 'seventhDay', 'weekly']);
  });
});
