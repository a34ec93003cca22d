// Overtime on top of the pay engine and the premiums: daily, weekly, seventh-day and 8-and-80
// thresholds per employer, paid as (multiplier − 1) × the regular rate of the week (or 14-day
// period), where the regular rate counts the premiums (29 CFR 778.109, 778.115). Straight time
// for every hour is in the regular and premium lines; overtime lines carry only the extra part.
// Paid minutes are shared between workdays and workweeks in proportion to the real span on each
// side, as exact fractions; money is rounded once per line, half up.

import { daysBetween } from './dates.ts';
import { applyTax, type TaxAmounts } from './earnings.ts';
import { type PayRules, payShifts, type ShiftPay } from './pay-engine.ts';
import {
  type AppliedPremium,
  addR,
  appliedPremiums,
  cmpR,
  compileRule,
  dateOfDay,
  divR,
  holidayDays,
  insideMinutes,
  isZeroR,
  maxR,
  minR,
  mulR,
  type PremiumLine,
  type PremiumRule,
  type PremiumShift,
  premiumLine,
  type Ratio,
  type RealSpan,
  ratio,
  realSpanOf,
  roundR,
  subR,
  ZERO,
} from './premiums.ts';
import { parseTime } from './time.ts';

export interface OvertimeTier {
  /** Minutes past which the multiplier applies (480 = 8 h). */
  overMinutes: number;
  /** 15000 = 1.5×. */
  multiplierBp: number;
}

export interface OvertimeConfig {
  /** Per workday; the highest tier reached applies (8 h at 1.5×, 12 h at 2×). */
  daily?: readonly OvertimeTier[];
  /** Per workweek, counting only minutes not already paid at a daily or seventh-day rate. */
  weekly?: OvertimeTier;
  /** California: on the 7th consecutive workday of a workweek, 8 h at 1.5×, beyond at 2×. */
  seventhDay?: boolean;
  /**
   * Hospitals (8 and 80): over 8 h a day or 80 h in a 14-day period starting `anchorDate` at the
   * workweek's start time; replaces the weekly rule, and the regular rate is the period's.
   */
  period14?: {
    anchorDate: string;
    overMinutes: number;
    multiplierBp: number;
    dailyOverMinutes: number;
  };
  /** 0 = Sunday … 6 = Saturday. */
  workweekStartDay: number;
  /** 'HH:MM': workdays and workweeks start at this local time. */
  workweekStartTime: string;
}

const sundayMidnight = { workweekStartDay: 0, workweekStartTime: '00:00' } as const;

export const overtimePresets = {
  none: { ...sundayMidnight },
  usFederal: { ...sundayMidnight, weekly: { overMinutes: 40 * 60, multiplierBp: 15_000 } },
  california: {
    ...sundayMidnight,
    daily: [
      { overMinutes: 8 * 60, multiplierBp: 15_000 },
      { overMinutes: 12 * 60, multiplierBp: 20_000 },
    ],
    weekly: { overMinutes: 40 * 60, multiplierBp: 15_000 },
    seventhDay: true,
  },
  /** Periods counted from Sunday 2023-01-01, the app's bi-weekly anchor (pay-periods.ts). */
  hospital8and80: {
    ...sundayMidnight,
    period14: {
      anchorDate: '2023-01-01',
      overMinutes: 80 * 60,
      multiplierBp: 15_000,
      dailyOverMinutes: 8 * 60,
    },
  },
} as const satisfies Record<string, OvertimeConfig>;

export type OvertimeBasis = 'daily' | 'weekly' | 'seventhDay' | 'period14';

export interface OvertimeLine {
  kind: 'overtime';
  basis: OvertimeBasis;
  multiplierBp: number;
  /** Overtime minutes of this shift on this basis, rounded half up: for display only. */
  minutes: number;
  exactMinutes: Ratio;
  /** First date of the workweek (or 14-day period) whose regular rate prices this line. */
  periodStart: string;
  /** round_half_up(exactMinutes × (multiplier − 1) × regular rate ÷ 60). */
  amountCents: number;
}

export type ExtraLine = PremiumLine | OvertimeLine;

export interface ShiftPayWithExtras extends ShiftPay {
  /** Premium lines (in rule order), then overtime lines (by period, basis, multiplier). */
  extraLines: ExtraLine[];
  premiumCents: number;
  overtimeCents: number;
  /** payCents (the regular lines) + premiumCents + overtimeCents. */
  totalPayCents: number;
}

export interface OvertimeMinutes {
  multiplierBp: number;
  minutes: number;
  exactMinutes: Ratio;
}

export interface OvertimePeriod {
  kind: 'workweek' | 'period14';
  /** First and last date of the period (it starts at the workweek's start time). */
  startDate: string;
  endDate: string;
  paidMinutes: number;
  exactPaidMinutes: Ratio;
  /** Straight-time pay for every paid minute, premiums included. */
  straightTimeCents: number;
  exactStraightTimeCents: Ratio;
  /** Straight time ÷ paid hours. */
  regularRateCentsPerHour: number;
  exactRegularRateCentsPerHour: Ratio;
  overtimeMinutes: OvertimeMinutes[];
  /** The sum of this period's overtime lines. */
  overtimePremiumCents: number;
  /** The weekly (or 80-hour) threshold; null when there is none. */
  thresholdMinutes: number | null;
  /** Straight-time minutes still to go before it (0 once past it); null without one. */
  minutesLeftBeforeThreshold: number | null;
  exactMinutesLeftBeforeThreshold: Ratio | null;
}

export interface ExtrasTotals extends TaxAmounts {
  shifts: number;
  workedMinutes: number;
  paidMinutes: number;
  tenths: number;
  regularCents: number;
  premiumCents: number;
  overtimeCents: number;
}

export interface ExtrasResult {
  /** In the order given. */
  shifts: ShiftPayWithExtras[];
  /** Workweeks (or 14-day periods) with paid time, in time order. */
  periods: OvertimePeriod[];
  /** Sums of the lines; gross = regular + premiums + overtime, tax once on it. */
  totals: ExtrasTotals;
}

export interface PayExtras {
  /** The premium rules, or each shift's (the rules of its date when they changed). */
  premiums: readonly PremiumRule[] | ((shift: PremiumShift) => readonly PremiumRule[]);
  overtime: OvertimeConfig;
}

export const overtimePresetNames = ['none', 'usFederal', 'california', 'hospital8and80'] as const;
export type OvertimePresetName = (typeof overtimePresetNames)[number];

/** An employer's overtime as stored: the config and the preset it came from, or custom. */
export type OvertimeRule = OvertimeConfig & { preset: OvertimePresetName | 'custom' };

export const noOvertime: OvertimeRule = { preset: 'none', ...overtimePresets.none };

/** The first date of the workweek (or 14-day period) a date's workday falls in. */
export function periodStartOf(config: OvertimeConfig, date: string): string {
  const day = daysBetween('1970-01-01', date);
  const weekOrigin = mod(config.workweekStartDay - 4, 7);
  const origin = config.period14
    ? daysBetween('1970-01-01', config.period14.anchorDate)
    : weekOrigin;
  const size = config.period14 ? 14 : 7;
  return dateOfDay(origin + floorDiv(day - origin, size) * size);
}

/** Days in a workweek or a 14-day period. */
export const periodLength = (config: OvertimeConfig): number => (config.period14 ? 14 : 7);

/** Whether a config has any overtime rule (the weeks of its shifts pay each other). */
export const hasOvertime = (config: OvertimeConfig): boolean =>
  (config.daily?.length ?? 0) > 0 ||
  config.weekly !== undefined ||
  config.seventhDay === true ||
  config.period14 !== undefined;

// ---------------------------------------------------------------------------------------------

const DAY = 1440;

/** Part of a shift within one workday. */
interface Piece {
  shift: number;
  id: number;
  from: number;
  to: number;
  workday: number;
  /** Paid minutes of the shift falling here: paid × (to − from) ÷ span. */
  minutes: Ratio;
  /** Straight-time value, cents × minutes per hour (÷ 60 for cents): base and premiums. */
  value: Ratio;
}

/** A stretch of a day's position (its paid minutes so far) and the rate it earns. */
interface DailyBand {
  from: number;
  to: number;
  basis: OvertimeBasis | null;
  multiplierBp: number;
}

function assertConfig(config: OvertimeConfig): void {
  const whole = (value: number, name: string, least = 0) => {
    if (!Number.isSafeInteger(value) || value < least) throw new RangeError(`${name}: ${value}`);
  };
  // A multiplier below 1× would take pay away: refused.
  const multiplier = (value: number, name: string) => whole(value, name, 10_000);
  for (const tier of config.daily ?? []) {
    whole(tier.overMinutes, 'daily overMinutes');
    multiplier(tier.multiplierBp, 'daily multiplierBp');
  }
  if (config.weekly) {
    whole(config.weekly.overMinutes, 'weekly overMinutes');
    multiplier(config.weekly.multiplierBp, 'weekly multiplierBp');
  }
  if (config.period14) {
    whole(config.period14.overMinutes, 'period14 overMinutes');
    multiplier(config.period14.multiplierBp, 'period14 multiplierBp');
    whole(config.period14.dailyOverMinutes, 'period14 dailyOverMinutes');
  }
  if (
    !Number.isInteger(config.workweekStartDay) ||
    config.workweekStartDay < 0 ||
    config.workweekStartDay > 6
  ) {
    throw new RangeError('workweekStartDay is 0 (Sunday) to 6 (Saturday)');
  }
  if (parseTime(config.workweekStartTime) === null) {
    throw new RangeError('workweekStartTime must be HH:MM');
  }
}

/** The day's rates by position: the highest multiplier reached there, one per minute. */
function dailyBands(config: OvertimeConfig, seventh: boolean): DailyBand[] {
  const tiers: { overMinutes: number; multiplierBp: number; basis: OvertimeBasis }[] = (
    config.daily ?? []
  ).map((tier) => ({ ...tier, basis: 'daily' as const }));
  if (config.period14) {
    tiers.push({
      overMinutes: config.period14.dailyOverMinutes,
      multiplierBp: config.period14.multiplierBp,
      basis: 'daily',
    });
  }
  if (seventh) {
    tiers.push({ overMinutes: 0, multiplierBp: 15_000, basis: 'seventhDay' });
    tiers.push({ overMinutes: 480, multiplierBp: 20_000, basis: 'seventhDay' });
  }
  const points = [...new Set([0, ...tiers.map((tier) => tier.overMinutes)])].sort((a, b) => a - b);
  const bands: DailyBand[] = [];
  points.forEach((from, i) => {
    let best: DailyBand = {
      from,
      to: points[i + 1] ?? Infinity,
      basis: null,
      multiplierBp: 10_000,
    };
    for (const tier of tiers) {
      if (tier.overMinutes > from) continue;
      // The highest wins; on a tie the seventh day names it.
      if (
        tier.multiplierBp > best.multiplierBp ||
        (tier.multiplierBp === best.multiplierBp && tier.basis === 'seventhDay')
      ) {
        best = { ...best, basis: tier.basis, multiplierBp: tier.multiplierBp };
      }
    }
    const previous = bands[bands.length - 1];
    if (previous && previous.basis === best.basis && previous.multiplierBp === best.multiplierBp) {
      previous.to = best.to;
    } else {
      bands.push(best);
    }
  });
  return bands;
}

const floorDiv = (value: number, size: number) => Math.floor(value / size);
const mod = (value: number, size: number) => ((value % size) + size) % size;

/**
 * A shift's span cut at workday starts (local `startMinute` each day). A workday is named by the
 * day number of the date it starts on; when the clocks go back, the repeated time stays in the
 * later workday.
 */
function workdayCuts(
  span: RealSpan,
  startMinute: number,
): { from: number; to: number; workday: number }[] {
  const cuts: { from: number; to: number; workday: number }[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const segment of span.segments) {
    let at = segment.from;
    while (at < segment.to) {
      const workday = Math.max(previous, floorDiv(at + segment.offset - startMinute, DAY));
      const until = Math.min(segment.to, (workday + 1) * DAY + startMinute - segment.offset);
      const last = cuts[cuts.length - 1];
      if (last && last.workday === workday && last.to === at) last.to = until;
      else cuts.push({ from: at, to: until, workday });
      previous = workday;
      at = until;
    }
  }
  return cuts;
}

interface Group {
  index: number;
  paid: Ratio;
  value: Ratio;
  counted: Ratio;
  overtime: Map<number, Ratio>;
}

/**
 * Every figure of one employer's (or one group's) shifts: the pay engine's regular lines, then
 * premium lines and overtime lines, and a summary per workweek (or 14-day period). Pass whole
 * workweeks (periods): overtime only sees the shifts it is given. Throws PayError for an invalid
 * shift, as payShifts does. Results do not depend on the order of the shifts (ties in time go by
 * id).
 */
export function payWithExtras(
  shifts: readonly PremiumShift[],
  rules: PayRules,
  extras: PayExtras,
  holidays: Iterable<string> = [],
  mode: 'input' | 'stored' = 'input',
): ExtrasResult {
  const base = payShifts(shifts, rules, mode);
  const { totals, ...rest } = extrasOn(shifts, base.shifts, extras, holidays, mode);
  const gross = totals.regularCents + totals.premiumCents + totals.overtimeCents;
  return {
    ...rest,
    totals: { ...totals, ...applyTax(gross, rules.taxBasisPoints, rules.taxMethod) },
  };
}

/** The figures of `extrasOn`: every line and period, the totals' sums without tax. */
export type ExtrasLines = Omit<ExtrasResult, 'totals'> & {
  totals: Omit<ExtrasTotals, keyof TaxAmounts>;
};

/**
 * Premium and overtime lines on base figures already worked out for the same shifts, in the same
 * order (by the pay engine, each shift under the rules of its date), so a week spanning a change
 * of rate or rounding is one week with two rates. Tax is the caller's: each shift's gross falls
 * under the tax of its date.
 */
export function extrasOn(
  shifts: readonly PremiumShift[],
  baseShifts: readonly ShiftPay[],
  extras: PayExtras,
  /** The holiday dates, or a shift's own (the employers of a group each have theirs). */
  holidays: Iterable<string> | ((shift: PremiumShift) => ReadonlySet<number>) = [],
  mode: 'input' | 'stored' = 'input',
): ExtrasLines {
  if (baseShifts.length !== shifts.length || baseShifts.some((b, i) => b.id !== shifts[i]!.id)) {
    throw new RangeError('The base figures must be those of the same shifts, in the same order');
  }
  const config = extras.overtime;
  assertConfig(config);
  const base = { shifts: baseShifts, totals: baseTotals(baseShifts) };
  const fixed = typeof extras.premiums === 'function' ? null : extras.premiums.map(compileRule);
  const compiledOf = new Map<readonly PremiumRule[], ReturnType<typeof compileRule>[]>();
  const rulesOf = (shift: PremiumShift) => {
    if (fixed) return fixed;
    const rules = (extras.premiums as (s: PremiumShift) => readonly PremiumRule[])(shift);
    let compiled = compiledOf.get(rules);
    if (!compiled) {
      compiled = rules.map(compileRule);
      compiledOf.set(rules, compiled);
    }
    return compiled;
  };
  const holidaySet = typeof holidays === 'function' ? null : holidayDays(holidays);
  const holidaysOf = (shift: PremiumShift) =>
    holidaySet ?? (holidays as (s: PremiumShift) => ReadonlySet<number>)(shift);
  const startMinute = parseTime(config.workweekStartTime) ?? 0;
  const weekOrigin = mod(config.workweekStartDay - 4, 7); // a day number that starts a workweek
  const periodOrigin = config.period14
    ? daysBetween('1970-01-01', config.period14.anchorDate)
    : weekOrigin;
  const groupSize = config.period14 ? 14 : 7;
  const threshold: OvertimeTier | null = config.period14
    ? { overMinutes: config.period14.overMinutes, multiplierBp: config.period14.multiplierBp }
    : (config.weekly ?? null);
  const thresholdBasis: OvertimeBasis = config.period14 ? 'period14' : 'weekly';

  const premiumsOf: PremiumLine[][] = [];
  const pieces: Piece[] = [];
  base.shifts.forEach((pay, index) => {
    const shift = shifts[index]!;
    const span = realSpanOf(shift, mode, pay.elapsedMinutes);
    const spanMinutes = span.end - span.start;
    const shiftHolidays = holidaysOf(shift);
    const applied = appliedPremiums(shift, pay, span, rulesOf(shift), shiftHolidays);
    premiumsOf.push(applied.map((one) => premiumLine(one, pay, span)));
    if (spanMinutes <= 0 || pay.paidMinutes === 0) return;
    const cuts = workdayCuts(span, startMinute);
    for (const cut of cuts) {
      const cutSpan = cut.to - cut.from;
      const share = (minutes: number) =>
        ratio(BigInt(pay.paidMinutes) * BigInt(minutes), spanMinutes);
      const minutes = share(cutSpan);
      let value = mulR(minutes, ratio(pay.rateCents));
      for (const one of applied) {
        const inside =
          cuts.length === 1 ? one.insideSpan : insideOfCut(one, span, cut, shiftHolidays, cutSpan);
        if (inside > 0) value = addR(value, mulR(share(inside), one.rate));
      }
      pieces.push({
        shift: index,
        id: shift.id,
        from: cut.from,
        to: cut.to,
        workday: cut.workday,
        minutes,
        value,
      });
    }
  });

  pieces.sort((a, b) => a.from - b.from || a.to - b.to || a.id - b.id || a.shift - b.shift);

  // The seventh day: every workday of the workweek has paid time.
  const worked = new Set(pieces.filter((piece) => !isZeroR(piece.minutes)).map((p) => p.workday));
  const isSeventh = (workday: number) => {
    if (!config.seventhDay || mod(workday - weekOrigin, 7) !== 6) return false;
    for (let day = workday - 6; day < workday; day++) if (!worked.has(day)) return false;
    return worked.has(workday);
  };
  const plainBands = dailyBands(config, false);
  const seventhBands = config.seventhDay ? dailyBands(config, true) : plainBands;

  const groups = new Map<number, Group>();
  const dayPosition = new Map<number, Ratio>();
  // Overtime minutes per shift, keyed `${group}|${basis}|${multiplier}`.
  const shiftOvertime = new Map<number, Map<string, Ratio>>();
  const addOvertime = (
    piece: Piece,
    group: Group,
    basis: OvertimeBasis,
    multiplierBp: number,
    minutes: Ratio,
  ) => {
    if (isZeroR(minutes)) return;
    let lines = shiftOvertime.get(piece.shift);
    if (!lines) {
      lines = new Map();
      shiftOvertime.set(piece.shift, lines);
    }
    const key = `${group.index}|${basis}|${multiplierBp}`;
    lines.set(key, addR(lines.get(key) ?? ZERO, minutes));
    group.overtime.set(multiplierBp, addR(group.overtime.get(multiplierBp) ?? ZERO, minutes));
  };

  for (const piece of pieces) {
    const index = floorDiv(piece.workday - periodOrigin, groupSize);
    let group = groups.get(index);
    if (!group) {
      group = { index, paid: ZERO, value: ZERO, counted: ZERO, overtime: new Map() };
      groups.set(index, group);
    }
    group.paid = addR(group.paid, piece.minutes);
    group.value = addR(group.value, piece.value);
    // Lay the piece's minutes down in time order: first against the day's bands, then the
    // straight-time ones against the weekly (80-hour) threshold.
    const start = dayPosition.get(piece.workday) ?? ZERO;
    const end = addR(start, piece.minutes);
    dayPosition.set(piece.workday, end);
    for (const band of isSeventh(piece.workday) ? seventhBands : plainBands) {
      const low = maxR(start, ratio(band.from));
      const high = band.to === Infinity ? end : minR(end, ratio(band.to));
      if (cmpR(high, low) <= 0) continue;
      const length = subR(high, low);
      if (band.basis !== null) {
        addOvertime(piece, group, band.basis, band.multiplierBp, length);
        continue;
      }
      if (!threshold) continue;
      const limit = ratio(threshold.overMinutes);
      const room = cmpR(limit, group.counted) > 0 ? subR(limit, group.counted) : ZERO;
      const straight = minR(room, length);
      group.counted = addR(group.counted, straight);
      addOvertime(piece, group, thresholdBasis, threshold.multiplierBp, subR(length, straight));
    }
  }

  const rateOf = new Map<number, Ratio>();
  for (const group of groups.values()) {
    rateOf.set(group.index, isZeroR(group.paid) ? ZERO : divR(group.value, group.paid));
  }
  const startDates = new Map<number, string>();
  const periodStartOf = (index: number) => {
    let date = startDates.get(index);
    if (date === undefined) {
      date = dateOfDay(periodOrigin + index * groupSize);
      startDates.set(index, date);
    }
    return date;
  };
  const overtimeCentsOfGroup = new Map<number, number>();
  const basisOrder: OvertimeBasis[] = ['daily', 'seventhDay', 'weekly', 'period14'];

  // Each shift's overtime lines with their exact premium. The premium of a period at one
  // multiplier is rounded once, as a payroll clerk works it out for the week, and shared among
  // its shifts' lines by the largest remainders (ties in time order), so the lines add up to it.
  const pending = base.shifts.map((_, index) => {
    const overtime = [...(shiftOvertime.get(index) ?? new Map<string, Ratio>())].map(
      ([key, minutes]) => {
        const [group, basis, multiplier] = key.split('|') as [string, OvertimeBasis, string];
        const regularRate = rateOf.get(Number(group)) ?? ZERO;
        const extra = ratio(BigInt(Number(multiplier) - 10_000), 10_000n * 60n);
        return {
          group: Number(group),
          basis,
          multiplierBp: Number(multiplier),
          minutes,
          exact: mulR(mulR(minutes, regularRate), extra),
          amountCents: 0,
        };
      },
    );
    overtime.sort(
      (a, b) =>
        a.group - b.group ||
        basisOrder.indexOf(a.basis) - basisOrder.indexOf(b.basis) ||
        a.multiplierBp - b.multiplierBp,
    );
    return overtime;
  });
  // A shift's place in time: where its first piece starts (pieces are in time order).
  const rank = new Map<number, number>();
  for (const piece of pieces) if (!rank.has(piece.shift)) rank.set(piece.shift, rank.size);
  const shares = new Map<string, { total: Ratio; lines: (typeof pending)[number] }>();
  const byTime = pending
    .map((lines, index) => ({ lines, at: rank.get(index) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.at - b.at);
  for (const { lines } of byTime) {
    for (const line of lines) {
      const key = `${line.group}|${line.multiplierBp}`;
      const share = shares.get(key) ?? { total: ZERO, lines: [] };
      share.total = addR(share.total, line.exact);
      share.lines.push(line);
      shares.set(key, share);
    }
  }
  for (const { total, lines } of shares.values()) {
    let left = roundR(total);
    for (const line of lines) {
      line.amountCents = floorR(line.exact);
      left -= line.amountCents;
    }
    const byRemainder = lines
      .map((line, order) => ({ line, order, rest: subR(line.exact, ratio(line.amountCents)) }))
      .sort((a, b) => cmpR(b.rest, a.rest) || a.order - b.order);
    for (const { line } of byRemainder) {
      if (left <= 0) break;
      line.amountCents += 1;
      left -= 1;
    }
  }

  const rows: ShiftPayWithExtras[] = base.shifts.map((pay, index) => {
    const extraLines: ExtraLine[] = [...(premiumsOf[index] ?? [])];
    const premiumCents = extraLines.reduce((sum, line) => sum + line.amountCents, 0);
    let overtimeCents = 0;
    for (const line of pending[index] ?? []) {
      overtimeCents += line.amountCents;
      overtimeCentsOfGroup.set(
        line.group,
        (overtimeCentsOfGroup.get(line.group) ?? 0) + line.amountCents,
      );
      extraLines.push({
        kind: 'overtime',
        basis: line.basis,
        multiplierBp: line.multiplierBp,
        minutes: roundR(line.minutes),
        exactMinutes: line.minutes,
        periodStart: periodStartOf(line.group),
        amountCents: line.amountCents,
      });
    }
    return {
      ...pay,
      extraLines,
      premiumCents,
      overtimeCents,
      totalPayCents: pay.payCents + premiumCents + overtimeCents,
    };
  });

  const periods: OvertimePeriod[] = [...groups.values()]
    .sort((a, b) => a.index - b.index)
    .map((group) => {
      const regularRate = rateOf.get(group.index) ?? ZERO;
      const straight = divR(group.value, ratio(60));
      const left = threshold ? maxR(ZERO, subR(ratio(threshold.overMinutes), group.counted)) : null;
      return {
        kind: config.period14 ? 'period14' : 'workweek',
        startDate: periodStartOf(group.index),
        endDate: dateOfDay(periodOrigin + group.index * groupSize + groupSize - 1),
        paidMinutes: roundR(group.paid),
        exactPaidMinutes: group.paid,
        straightTimeCents: roundR(straight),
        exactStraightTimeCents: straight,
        regularRateCentsPerHour: roundR(regularRate),
        exactRegularRateCentsPerHour: regularRate,
        overtimeMinutes: [...group.overtime]
          .sort(([a], [b]) => a - b)
          .map(([multiplierBp, minutes]) => ({
            multiplierBp,
            minutes: roundR(minutes),
            exactMinutes: minutes,
          })),
        overtimePremiumCents: overtimeCentsOfGroup.get(group.index) ?? 0,
        thresholdMinutes: threshold ? threshold.overMinutes : null,
        minutesLeftBeforeThreshold: left ? roundR(left) : null,
        exactMinutesLeftBeforeThreshold: left,
      };
    });

  let regularCents = 0;
  let premiumCents = 0;
  let overtimeCents = 0;
  for (const row of rows) {
    regularCents += row.payCents;
    premiumCents += row.premiumCents;
    overtimeCents += row.overtimeCents;
  }
  const gross = regularCents + premiumCents + overtimeCents;
  if (!Number.isSafeInteger(gross)) throw new RangeError('Pay exceeds the safe integer range');
  const { shifts: count, workedMinutes, paidMinutes, tenths } = base.totals;
  return {
    shifts: rows,
    periods,
    totals: {
      shifts: count,
      workedMinutes,
      paidMinutes,
      tenths,
      regularCents,
      premiumCents,
      overtimeCents,
    },
  };
}

function baseTotals(shifts: readonly ShiftPay[]) {
  const totals = { shifts: 0, workedMinutes: 0, paidMinutes: 0, tenths: 0 };
  for (const s of shifts) {
    totals.shifts += 1;
    totals.workedMinutes += s.workedMinutes;
    totals.paidMinutes += s.paidMinutes;
    totals.tenths += s.tenths;
  }
  return totals;
}

/** The whole cents below a non-negative amount. */
const floorR = (a: Ratio): number => Number(a.num / a.den);

function insideOfCut(
  applied: AppliedPremium,
  span: RealSpan,
  cut: { from: number; to: number },
  holidays: ReadonlySet<number>,
  cutSpan: number,
): number {
  if (applied.manual) return cutSpan;
  return insideMinutes(applied.compiled, span, cut.from, cut.to, holidays);
}
