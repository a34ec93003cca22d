/** Wording both documents share, so the PDF and the CSV never disagree. */

import { formatDisplayDate } from '../../../shared/domain/format.ts';
import { formatPercent } from '../../../shared/domain/money.ts';
import {
  formatHundredths,
  hourPlaces,
  precisionInWords,
  roundingInWords,
  taxInWords as sharedTaxInWords,
} from '../../../shared/domain/pay-text.ts';
import { type ReportModel, type ReportRuleSet, ruleSetOn } from './report-model.ts';

/** 'Tax (15.00%) added', 'Tax (15.00%) deducted', or null when the user's method is none. */
export function taxLabel(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  if (model.taxCalculation === 'none') return null;
  const verb = model.taxCalculation === 'add' ? 'added' : 'deducted';
  return `Tax (${formatPercent(model.taxBasisPoints)}%) ${verb}`;
}

/** 'No tax', 'Tax 20.00% deducted from the gross': the employer's method, stated on the sheet. */
export const taxInWords = (model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) =>
  sharedTaxInWords({ taxMethod: model.taxCalculation, taxBasisPoints: model.taxBasisPoints });

/** Null for method none or a 0 % rate; signed as on screen (U+2212 minus when deducted). */
export function taxLine(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  const label = taxLabel(model);
  if (!label || model.taxBasisPoints === 0) return null;
  const deducted = model.taxCalculation === 'deduct';
  return { label, amount: (formatted: string) => `${deducted ? MINUS : '+'}${formatted}` };
}

export const MINUS = '\u2212';

export const NO_SHIFTS = 'No shifts were logged for this employer in this period.';

/**
 * Paid hours as the sheet prints them: 1 place for a day billed in tenths, else 2; a total over
 * rule sets of both kinds has 2 (docs/product/money.md#what-a-timesheet-states).
 */
export function hoursText(
  model: Pick<ReportModel, 'ruleSets'>,
  hundredths: number,
  date?: string,
): string {
  const precisions =
    date === undefined
      ? model.ruleSets.map((set) => set.rules.precision)
      : [ruleSetOn(model, date).rules.precision];
  const places = precisions.every((p) => p === 'tenths')
    ? hourPlaces('tenths')
    : hourPlaces('minutes');
  return formatHundredths(hundredths, places);
}

/** A rule set's rounding, pay and tax, one sentence each. */
export const ruleSetInWords = (set: ReportRuleSet): string[] => [
  roundingInWords(set.rules),
  precisionInWords(set.rules.precision),
  taxInWords(set),
];

/**
 * The sheet's rules in words: its one set, or each set under the dates it covers
 * ("1 Mar 2026 – 14 Mar 2026:") when they changed within the sheet.
 */
export function rulesInLines(model: Pick<ReportModel, 'ruleSets'>): string[] {
  if (model.ruleSets.length === 1) return ruleSetInWords(model.ruleSets[0]!);
  return model.ruleSets.flatMap((set) => [
    `${formatDisplayDate(set.from)} – ${formatDisplayDate(set.to)}:`,
    ...ruleSetInWords(set),
  ]);
}
