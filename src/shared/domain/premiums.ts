// Shift differentials (premiums) on top of the pay engine's figures: a rule adds a rate for the
// part of a shift that lies inside it. The shift's PAID minutes are shared between inside and
// outside in proportion to its real span (clock changes counted), kept as exact fractions; money
// is rounded once per line, half up.

import { addDays, daysBetween } from './dates.ts';
import { offsetAt, wallToInstant } from './elapsed.ts';
import type { PayShift, ShiftPay } from './pay-engine.ts';
import { parseTime } from './time.ts';

// ---------------------------------------------------------------------------------------------
// Exact fractions

/** An exact non-negative fraction; `den` > 0, reduced. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('A fraction needs a denominator other than 0');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  if (d === 1n) return { num: n, den: 1n };
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Ratio = { num: 0n, den: 1n };

export const addR = (a: Ratio, b: Ratio): Ratio =>
  a.den === b.den
    ? ratio(a.num + b.num, a.den)
    : ratio(a.num * b.den + b.num * a.den, a.den * b.den);
export const subR = (a: Ratio, b: Ratio): Ratio =>
  a.den === b.den
    ? ratio(a.num - b.num, a.den)
    : ratio(a.num * b.den - b.num * a.den, a.den * b.den);
export const mulR = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);
export const divR = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den, a.den * b.num);
export const cmpR = (a: Ratio, b: Ratio): number => {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
};
export const minR = (a: Ratio, b: Ratio): Ratio => (cmpR(a, b) <= 0 ? a : b);
export const maxR = (a: Ratio, b: Ratio): Ratio => (cmpR(a, b) >= 0 ? a : b);
export const isZeroR = (a: Ratio): boolean => a.num === 0n;

/** Halves up (away from zero for the non-negative figures used here), as a safe integer. */
export function roundR(a: Ratio): number {
  if (a.num < 0n) throw new RangeError('Only non-negative amounts are rounded here');
  const result = Number((2n * a.num + a.den) / (2n * a.den));
  if (!Number.isSafeInteger(result)) throw new RangeError('Amount exceeds the safe integer range');
  return result;
}

/** '45/2' or '14': for messages and tests. */
export const formatR = (a: Ratio): string => (a.den === 1n ? `${a.num}` : `${a.num}/${a.den}`);

// ---------------------------------------------------------------------------------------------
// Real time of a shift

/** A stretch of real minutes (since 1970) during which the zone's offset is constant. */
export interface Segment {
  from: number;
  to: number;
  /** Minutes the local clocks are ahead of UTC: wall = instant + offset. */
  offset: number;
}

/** A shift's real span: start and end instants and the stretches of constant clock offset. */
export interface RealSpan {
  start: number;
  end: number;
  segments: Segment[];
}

/**
 * The instants a shift runs between, as the pay engine reads them (an end earlier than the start
 * is the next day; in 'stored' mode a skipped time reads as a clock that kept going would).
 * Given the engine's elapsed minutes, the end is the start plus those (one zone look-up less).
 */
export function realSpanOf(
  shift: Pick<PayShift, 'date' | 'startTime' | 'endTime' | 'timeZone'>,
  mode: 'input' | 'stored' = 'input',
  elapsedMinutes?: number,
): RealSpan {
  const instant = (date: string, time: string) => {
    const result = wallToInstant(date, time, shift.timeZone);
    if (result.ok) return result.epochMinutes;
    if (mode === 'input') throw new RangeError(`${time} does not exist on ${date}`);
    return result.forward;
  };
  const start = instant(shift.date, shift.startTime);
  let end: number;
  if (elapsedMinutes === undefined) {
    const startMinute = parseTime(shift.startTime);
    const endMinute = parseTime(shift.endTime);
    if (startMinute === null || endMinute === null) throw new RangeError('Times must be HH:MM');
    end = instant(endMinute < startMinute ? addDays(shift.date, 1) : shift.date, shift.endTime);
  } else {
    end = start + elapsedMinutes;
  }
  return { start, end, segments: segmentsOf(start, end, shift.timeZone) };
}

/** Stretches of constant offset between two instants (a zone changes its clocks at most once a day). */
export function segmentsOf(start: number, end: number, timeZone: string): Segment[] {
  if (end <= start) return [];
  const first = offsetAt(start, timeZone);
  const last = offsetAt(end - 1, timeZone);
  if (first === last) return [{ from: start, to: end, offset: first }];
  // The first minute with the new offset.
  let low = start;
  let high = end - 1;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(mid, timeZone) === first) low = mid;
    else high = mid;
  }
  return [
    { from: start, to: high, offset: first },
    { from: high, to: end, offset: last },
  ];
}

// ---------------------------------------------------------------------------------------------
// Rules

export interface PremiumWindow {
  /** 'HH:MM' local time. */
  start: string;
  /** 'HH:MM'; at or before `start`: the window runs into the next day. */
  end: string;
}

interface PremiumRuleBase {
  id: string;
  name: string;
  /** Weekdays, 0 = Sunday … 6 = Saturday. */
  days?: readonly number[];
  window?: PremiumWindow;
  /** Only on the employer's holiday dates. */
  holidays?: boolean;
  /**
   * Never by its conditions, only when a shift names it in `manualPremiumIds` (an extension of
   * the brief: a rule without conditions otherwise applies to every minute).
   */
  manualOnly?: boolean;
}

export type PremiumRule =
  | (PremiumRuleBase & {
      kind: 'percent';
      /** Of the shift's base rate: 1000 = +10 %. */
      basisPoints: number;
      /** At most this many cents per hour. */
      capCentsPerHour?: number;
    })
  | (PremiumRuleBase & { kind: 'fixed'; centsPerHour: number });

/** A shift as the pay engine takes it, plus the premiums switched on by hand for it. */
export interface PremiumShift extends PayShift {
  manualPremiumIds?: readonly string[];
}

export interface PremiumLine {
  kind: 'premium';
  ruleId: string;
  name: string;
  /** Paid minutes inside the rule, rounded half up: for display only. */
  minutes: number;
  /** paid × insideSpan ÷ span, exactly. */
  exactMinutes: Ratio;
  /** Real minutes of the shift's span inside the rule. */
  insideSpanMinutes: number;
  /** The premium per hour, rounded half up for display. */
  rateCentsPerHour: number;
  exactRateCentsPerHour: Ratio;
  /** round_half_up(exactMinutes × exactRate ÷ 60). */
  amountCents: number;
}

/** A rule checked and parsed once. */
export interface CompiledRule {
  rule: PremiumRule;
  /** Window start minute of the day, or null without a window. */
  windowStart: number | null;
  /** Window length in minutes (1–1440). */
  windowLength: number;
  days: ReadonlySet<number> | null;
}

const MINUTES_PER_DAY = 1440;
const EPOCH_DATE = '1970-01-01';

function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number: ${value}`);
  }
}

export function compileRule(rule: PremiumRule): CompiledRule {
  if (rule.kind === 'percent') {
    assertWhole(rule.basisPoints, 'basisPoints');
    if (rule.capCentsPerHour !== undefined) assertWhole(rule.capCentsPerHour, 'capCentsPerHour');
  } else {
    assertWhole(rule.centsPerHour, 'centsPerHour');
  }
  let windowStart: number | null = null;
  let windowLength = MINUTES_PER_DAY;
  if (rule.window) {
    const start = parseTime(rule.window.start);
    const end = parseTime(rule.window.end);
    if (start === null || end === null) throw new RangeError('A window needs HH:MM times');
    windowStart = start;
    windowLength = end > start ? end - start : end - start + MINUTES_PER_DAY;
  }
  if (rule.days?.some((day) => !Number.isInteger(day) || day < 0 || day > 6)) {
    throw new RangeError('Days are 0 (Sunday) to 6 (Saturday)');
  }
  return { rule, windowStart, windowLength, days: rule.days ? new Set(rule.days) : null };
}

/** Holiday dates ('YYYY-MM-DD') as day numbers since 1970-01-01. */
export function holidayDays(dates: Iterable<string>): Set<number> {
  const days = new Set<number>();
  for (const date of dates) days.add(daysBetween(EPOCH_DATE, date));
  return days;
}

/** The local date with this day number, 'YYYY-MM-DD'. */
export const dateOfDay = (day: number): string => addDays(EPOCH_DATE, day);

/** 0 = Sunday (day 0, 1970-01-01, was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The premium per hour on a base rate: fixed, or basis points of it, at most the cap. */
export function premiumRatePerHour(rule: PremiumRule, baseRateCents: number): Ratio {
  if (rule.kind === 'fixed') return ratio(rule.centsPerHour);
  const rate = ratio(BigInt(baseRateCents) * BigInt(rule.basisPoints), 10_000n);
  return rule.capCentsPerHour === undefined ? rate : minR(rate, ratio(rule.capCentsPerHour));
}

function dayQualifies(compiled: CompiledRule, day: number, holidays: ReadonlySet<number>): boolean {
  if (compiled.days && !compiled.days.has(weekdayOfDay(day))) return false;
  if (compiled.rule.holidays && !holidays.has(day)) return false;
  return true;
}

/** Minutes of wall-clock time [from, to) inside the rule's conditions (no manual switch). */
function insideWall(
  compiled: CompiledRule,
  from: number,
  to: number,
  holidays: ReadonlySet<number>,
): number {
  let inside = 0;
  const firstDay = Math.floor(from / MINUTES_PER_DAY);
  const lastDay = Math.floor((to - 1) / MINUTES_PER_DAY);
  if (compiled.windowStart === null) {
    // Each minute by its own local date.
    for (let day = firstDay; day <= lastDay; day++) {
      if (!dayQualifies(compiled, day, holidays)) continue;
      inside += Math.min(to, (day + 1) * MINUTES_PER_DAY) - Math.max(from, day * MINUTES_PER_DAY);
    }
    return inside;
  }
  // Each window belongs to the day it starts on: the one of the day before may run into today.
  for (let day = firstDay - 1; day <= lastDay; day++) {
    if (!dayQualifies(compiled, day, holidays)) continue;
    const opens = day * MINUTES_PER_DAY + compiled.windowStart;
    const low = Math.max(from, opens);
    const high = Math.min(to, opens + compiled.windowLength);
    if (high > low) inside += high - low;
  }
  return inside;
}

/**
 * Real minutes of [from, to) (instants, within the span) inside the rule: each stretch of the
 * span is read on the wall clock it had, so a repeated hour counts twice and a skipped one not.
 */
export function insideMinutes(
  compiled: CompiledRule,
  span: RealSpan,
  from: number,
  to: number,
  holidays: ReadonlySet<number>,
): number {
  let inside = 0;
  for (const segment of span.segments) {
    const low = Math.max(from, segment.from);
    const high = Math.min(to, segment.to);
    if (high <= low) continue;
    inside += insideWall(compiled, low + segment.offset, high + segment.offset, holidays);
  }
  return inside;
}

/** A rule's part of one shift: how much of its span, and at what rate. */
export interface AppliedPremium {
  compiled: CompiledRule;
  /** Switched on by hand: the whole shift. */
  manual: boolean;
  rate: Ratio;
  insideSpan: number;
}

/** The rules that touch a shift, with their inside span; rules that do not are left out. */
export function appliedPremiums(
  shift: PremiumShift,
  pay: ShiftPay,
  span: RealSpan,
  rules: readonly CompiledRule[],
  holidays: ReadonlySet<number>,
): AppliedPremium[] {
  const applied: AppliedPremium[] = [];
  const spanMinutes = span.end - span.start;
  if (spanMinutes <= 0 || pay.paidMinutes === 0) return applied;
  const manualIds = shift.manualPremiumIds;
  for (const compiled of rules) {
    const manual = manualIds?.includes(compiled.rule.id) ?? false;
    let insideSpan: number;
    if (manual) insideSpan = spanMinutes;
    else if (compiled.rule.manualOnly) continue;
    else insideSpan = insideMinutes(compiled, span, span.start, span.end, holidays);
    if (insideSpan === 0) continue;
    applied.push({
      compiled,
      manual,
      rate: premiumRatePerHour(compiled.rule, pay.rateCents),
      insideSpan,
    });
  }
  return applied;
}

/** The premium line of an applied rule: money from the exact share, rounded once. */
export function premiumLine(applied: AppliedPremium, pay: ShiftPay, span: RealSpan): PremiumLine {
  const spanMinutes = span.end - span.start;
  const exactMinutes = ratio(BigInt(pay.paidMinutes) * BigInt(applied.insideSpan), spanMinutes);
  const amount = mulR(exactMinutes, ratio(applied.rate.num, applied.rate.den * 60n));
  return {
    kind: 'premium',
    ruleId: applied.compiled.rule.id,
    name: applied.compiled.rule.name,
    minutes: roundR(exactMinutes),
    exactMinutes,
    insideSpanMinutes: applied.insideSpan,
    rateCentsPerHour: roundR(applied.rate),
    exactRateCentsPerHour: applied.rate,
    amountCents: roundR(amount),
  };
}

/**
 * One shift's premium lines, given its figures from the pay engine (`payShift`). Ids in
 * `manualPremiumIds` that name no rule are ignored (a rule deleted since).
 */
export function premiumLines(
  shift: PremiumShift,
  pay: ShiftPay,
  rules: readonly PremiumRule[],
  holidays: Iterable<string> = [],
  mode: 'input' | 'stored' = 'input',
): PremiumLine[] {
  const span = realSpanOf(shift, mode, pay.elapsedMinutes);
  const compiled = rules.map(compileRule);
  return appliedPremiums(shift, pay, span, compiled, holidayDays(holidays)).map((applied) =>
    premiumLine(applied, pay, span),
  );
}
