// The one definition of pay: an employer's rules and its shifts in, every figure out
// (docs/product/money.md#the-pay-engine).

import { payPrecisions, roundingDirections, roundingSteps } from '../schemas/enums.ts';
import { applyTax, type TaxAmounts, type TaxCalculation } from './earnings.ts';
import { type ElapsedResult, elapsedMinutes, type SkippedTime } from './elapsed.ts';
import { mulDivRound } from './money.ts';

export { payPrecisions, roundingDirections, roundingSteps };

export type RoundingStep = (typeof roundingSteps)[number];
export type RoundingDirection = (typeof roundingDirections)[number];
export type PayPrecision = (typeof payPrecisions)[number];

export interface RateChange {
  /** The first date the rate applies to; null: from the beginning. */
  effectiveFrom: string | null;
  rateCents: number;
}

export interface PayRules {
  roundingStep: RoundingStep;
  roundingDirection: RoundingDirection;
  precision: PayPrecision;
  taxMethod: TaxCalculation;
  taxBasisPoints: number;
  /** The employer's rate history; at least one entry. */
  rates: readonly RateChange[];
}

export interface PayShift {
  id: number;
  /** The date the shift starts on, 'YYYY-MM-DD'. */
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  /** The IANA zone the times were read in when the shift was logged. */
  timeZone: string;
  /** A rate typed on the shift itself, in cents; null or 0: the employer's rate of that date. */
  ownRateCents?: number | null;
}

export interface PayLine {
  kind: 'regular';
  minutes: number;
  rateCents: number;
  amountCents: number;
}

export interface ShiftPay {
  id: number;
  /** Real time from start to end, clock changes counted. */
  elapsedMinutes: number;
  breakMinutes: number;
  /** Elapsed minus the break. */
  workedMinutes: number;
  /** Worked, rounded by the employer's step, then (billing in tenths) to 6 minutes. */
  paidMinutes: number;
  /** Paid minutes in tenths of an hour, halves up: the hours screens show. */
  tenths: number;
  /** Paid minutes in hundredths of an hour, halves up: a timesheet's decimal hours. */
  hundredths: number;
  rateCents: number;
  lines: PayLine[];
  payCents: number;
}

export interface PayTotals extends TaxAmounts {
  shifts: number;
  workedMinutes: number;
  paidMinutes: number;
  /** Sum of the rows' tenths, so a column of shown hours adds up. */
  tenths: number;
}

export interface PayResult {
  shifts: ShiftPay[];
  totals: PayTotals;
}

export type ShiftPayError = {
  id: number;
  field: 'startTime' | 'endTime' | 'breakDuration';
  message: string;
};

export class PayError extends RangeError {
  constructor(readonly problem: ShiftPayError) {
    super(`Shift ${problem.id}: ${problem.field}: ${problem.message}`);
  }
}

const stepOf: Record<RoundingStep, number> = {
  none: 1,
  '5': 5,
  '6': 6,
  '15': 15,
  '30': 30,
  '60': 60,
};

/** Minutes to the employer's step: nearest (halves up), up, or down. */
export function roundToStep(
  minutes: number,
  step: RoundingStep,
  direction: RoundingDirection,
): number {
  if (!Number.isSafeInteger(minutes) || minutes < 0) {
    throw new RangeError(`Not a whole, non-negative number of minutes: ${minutes}`);
  }
  const size = stepOf[step];
  if (direction === 'up') return Math.ceil(minutes / size) * size;
  if (direction === 'down') return Math.floor(minutes / size) * size;
  return mulDivRound(minutes, 1, size) * size;
}

/** Worked minutes to paid minutes under the employer's rules. */
export function paidMinutesOf(
  worked: number,
  rules: Pick<PayRules, 'roundingStep' | 'roundingDirection' | 'precision'>,
): number {
  const stepped = roundToStep(worked, rules.roundingStep, rules.roundingDirection);
  return rules.precision === 'tenths' ? roundToStep(stepped, '6', 'nearest') : stepped;
}

/** The rate in effect on a date: the latest change on or before it, else the earliest one. */
export function rateOn(date: string, rates: readonly RateChange[]): number {
  let best: RateChange | undefined;
  let earliest: RateChange | undefined;
  for (const rate of rates) {
    if (!earliest || before(rate, earliest)) earliest = rate;
    // ISO dates ('YYYY-MM-DD') order as strings.
    if (rate.effectiveFrom !== null && rate.effectiveFrom > date) continue;
    if (!best || before(best, rate)) best = rate;
  }
  const chosen = best ?? earliest;
  if (!chosen) throw new RangeError('An employer needs at least one rate');
  return chosen.rateCents;
}

function before(a: RateChange, b: RateChange): boolean {
  if (a.effectiveFrom === null) return b.effectiveFrom !== null;
  if (b.effectiveFrom === null) return false;
  return a.effectiveFrom < b.effectiveFrom;
}

/**
 * One shift's figures; an invalid shift is returned as its problem. `stored`: a shift saved
 * before these rules (a skipped time runs on as a clock would, a break as long as the shift
 * leaves 0 minutes) still gets figures; new input is refused instead.
 */
export function payShift(
  shift: PayShift,
  rules: PayRules,
  mode: 'input' | 'stored' = 'input',
): ShiftPay | ShiftPayError {
  const skipped: SkippedTime = mode === 'stored' ? 'forward' : 'refuse';
  const elapsed: ElapsedResult = elapsedMinutes(shift, skipped);
  if (!elapsed.ok) return { id: shift.id, field: elapsed.field, message: elapsed.message };
  if (!Number.isSafeInteger(shift.breakDuration) || shift.breakDuration < 0) {
    return {
      id: shift.id,
      field: 'breakDuration',
      message: 'Break must be a whole number of minutes',
    };
  }
  const elapsedMinutes_ = Math.max(0, elapsed.minutes);
  if (mode === 'input' && shift.breakDuration >= elapsedMinutes_) {
    return {
      id: shift.id,
      field: 'breakDuration',
      message: 'Break must be shorter than the shift',
    };
  }
  const workedMinutes = Math.max(0, elapsedMinutes_ - shift.breakDuration);
  const paidMinutes = paidMinutesOf(workedMinutes, rules);
  const rateCents =
    shift.ownRateCents && shift.ownRateCents > 0
      ? shift.ownRateCents
      : rateOn(shift.date, rules.rates);
  // Under tenths paid minutes are whole tenths, so this is also tenths × rate.
  const amountCents = mulDivRound(paidMinutes, rateCents, 60);
  return {
    id: shift.id,
    elapsedMinutes: elapsedMinutes_,
    breakMinutes: shift.breakDuration,
    workedMinutes,
    paidMinutes,
    tenths: mulDivRound(paidMinutes, 1, 6),
    hundredths: mulDivRound(paidMinutes, 10, 6),
    rateCents,
    lines: [{ kind: 'regular', minutes: paidMinutes, rateCents, amountCents }],
    payCents: amountCents,
  };
}

const isError = (result: ShiftPay | ShiftPayError): result is ShiftPayError => 'field' in result;

/**
 * Every figure of one employer's shifts: each shift's lines, and totals that are the sums of
 * those lines, with the employer's tax once on the gross. Throws PayError for an invalid shift.
 */
export function payShifts(
  shifts: readonly PayShift[],
  rules: PayRules,
  mode: 'input' | 'stored' = 'input',
): PayResult {
  const rows: ShiftPay[] = [];
  const totals = { shifts: 0, workedMinutes: 0, paidMinutes: 0, tenths: 0, grossCents: 0 };
  for (const shift of shifts) {
    const result = payShift(shift, rules, mode);
    if (isError(result)) throw new PayError(result);
    rows.push(result);
    totals.shifts += 1;
    totals.workedMinutes += result.workedMinutes;
    totals.paidMinutes += result.paidMinutes;
    totals.tenths += result.tenths;
    totals.grossCents += result.payCents;
  }
  if (!Number.isSafeInteger(totals.grossCents))
    throw new RangeError('Pay exceeds the safe integer range');
  const tax = applyTax(totals.grossCents, rules.taxBasisPoints, rules.taxMethod);
  return { shifts: rows, totals: { ...totals, ...tax } };
}
