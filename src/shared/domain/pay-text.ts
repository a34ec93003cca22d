// The pay rules in the words a timesheet prints beside its figures, so a clerk can redo them.
import type { TaxCalculation } from './earnings.ts';
import { formatPercent, mulDivRound } from './money.ts';
import type { PayPrecision, PayRules, RoundingStep } from './pay-engine.ts';

const unitOf: Record<Exclude<RoundingStep, 'none'>, string> = {
  '5': '5 minutes',
  '6': '6 minutes',
  '15': '15 minutes',
  '30': '30 minutes',
  '60': 'hour',
};

/** "Each shift rounded to the nearest 15 minutes (halves up), after the break". */
export function roundingInWords(
  rules: Pick<PayRules, 'roundingStep' | 'roundingDirection'>,
): string {
  if (rules.roundingStep === 'none') return 'Not rounded: exact minutes';
  const step = rules.roundingStep;
  const unit = unitOf[step];
  const whole = step === '60' ? 'a whole hour' : `a multiple of ${unit}`;
  const how =
    rules.roundingDirection === 'nearest'
      ? `to the nearest ${unit} (halves up)`
      : `${rules.roundingDirection} to ${whole}`;
  return `Each shift rounded ${how}, after the break`;
}

export function precisionInWords(precision: PayPrecision): string {
  return precision === 'tenths'
    ? 'Hours to the nearest 0.1 (6 minutes, halves up); pay = hours × rate'
    : 'Pay = minutes × rate ÷ 60, to the cent';
}

/** 435 → '7:15'. */
export function formatHoursMinutes(minutes: number): string {
  if (!Number.isSafeInteger(minutes) || minutes < 0) {
    throw new RangeError(`Not a whole, non-negative number of minutes: ${minutes}`);
  }
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes as hours to 0.01, halves up: 435 → 725 (7.25 h). */
export const toHundredths = (minutes: number): number => mulDivRound(minutes, 10, 6);

/** 725 → '7.25'; with one place (billing in tenths, where it is exact) 730 → '7.3'. */
export function formatHundredths(hundredths: number, places: 1 | 2 = 2): string {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new RangeError(`Not whole, non-negative hundredths: ${hundredths}`);
  }
  const whole = Math.floor(hundredths / 100);
  const part = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${places === 1 ? part[0] : part}`;
}

/** Decimal places a timesheet shows hours with under a precision. */
export const hourPlaces = (precision: PayPrecision): 1 | 2 => (precision === 'tenths' ? 1 : 2);

/** 'No tax', 'Tax 20.00% deducted from the gross': an employer's tax, as a sheet states it. */
export function taxInWords(tax: { taxMethod: TaxCalculation; taxBasisPoints: number }): string {
  if (tax.taxMethod === 'none' || tax.taxBasisPoints === 0) return 'No tax';
  const verb = tax.taxMethod === 'add' ? 'added to' : 'deducted from';
  return `Tax ${formatPercent(tax.taxBasisPoints)}% ${verb} the gross`;
}
