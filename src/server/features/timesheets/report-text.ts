/** Wording both documents share, so the PDF and the CSV never disagree. */

import { formatDisplayDate } from '../../../shared/domain/format.ts';
import { formatCurrency, formatPercent } from '../../../shared/domain/money.ts';
import { noOvertime } from '../../../shared/domain/overtime.ts';
import {
  formatHoursMinutes,
  formatHundredths,
  hourPlaces,
  multiplierInWords,
  overtimeInWords,
  payLineInWords,
  precisionInWords,
  premiumsInWords,
  roundingInWords,
  taxInWords as sharedTaxInWords,
} from '../../../shared/domain/pay-text.ts';
import {
  type ReportExpense,
  type ReportModel,
  type ReportOvertimePeriod,
  type ReportRuleSet,
  ruleSetOn,
} from './report-model.ts';

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

export const EXPENSES_SECTION = 'Expenses paid back (not taxed)';
export const EXPENSES_LABEL = 'Expenses (not taxed)';

/**
 * An expense as the sheet states it, its figure recomputable by hand: 'Mileage: 42.5 km ×
 * $0.300 per km' (the amount beside it is that product to the cent), or the note typed with it.
 */
export function expenseInWords(
  expense: ReportExpense,
  rate: (thousandths: number) => string,
): string {
  if (expense.mileage) {
    const { distanceTenths, rateThousandths, unit } = expense.mileage;
    const distance = `${Math.floor(distanceTenths / 10)}.${distanceTenths % 10}`;
    const unitName = unit === 'km' ? 'km' : 'mi';
    return `Mileage: ${distance} ${unitName} × ${rate(rateThousandths)} per ${unit === 'km' ? 'km' : 'mile'}`;
  }
  return expense.note ? `Expense: ${expense.note}` : 'Expense';
}

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

type Money = (cents: number) => string;

/** 'US federal (over 40 h a week); workweek from Sunday 00:00', or 'No overtime'. */
export const setOvertimeInWords = (set: ReportRuleSet) =>
  overtimeInWords(set.overtime ?? noOvertime);

/** Each premium in effect ('Nights: +$2.00/h, 22:00–06:00'), or 'No premiums'. */
export const setPremiumsInWords = (set: ReportRuleSet, money: Money) =>
  premiumsInWords(set.premiums ?? [], money);

type Stated = Pick<ReportModel, 'extras' | 'currency'>;

/**
 * A rule set's rounding, pay and tax, one sentence each; then its overtime rules and premiums
 * when the sheet states them.
 */
export const ruleSetInWords = (set: ReportRuleSet, model?: Stated): string[] => [
  roundingInWords(set.rules),
  precisionInWords(set.rules.precision),
  taxInWords(set),
  ...(model?.extras
    ? [
        `Overtime: ${setOvertimeInWords(set)}`,
        `Premiums: ${setPremiumsInWords(set, (cents) => formatCurrency(cents, model.currency))}`,
      ]
    : []),
];

/**
 * The sheet's rules in words: its one set, or each set under the dates it covers
 * ("1 Mar 2026 – 14 Mar 2026:") when they changed within the sheet.
 */
export function rulesInLines(model: Pick<ReportModel, 'ruleSets'> & Partial<Stated>): string[] {
  const stated =
    model.extras && model.currency ? { extras: true, currency: model.currency } : undefined;
  if (model.ruleSets.length === 1) return ruleSetInWords(model.ruleSets[0]!, stated);
  return model.ruleSets.flatMap((set) => [
    `${formatDisplayDate(set.from)} – ${formatDisplayDate(set.to)}:`,
    ...ruleSetInWords(set, stated),
  ]);
}

/** The heading of the gross's split and of the overtime section: overtime is an estimate. */
export const REGULAR_LABEL = 'Regular pay';
export const PREMIUMS_LABEL = 'Premiums';
export const OVERTIME_LABEL = 'Overtime (estimate)';
export const OVERTIME_SECTION = 'Overtime by workweek (estimate)';
/** How the summary's figures were reached, in one line. */
export const OVERTIME_METHOD =
  'Overtime premium = overtime hours × (multiplier − 1) × regular rate, where the regular rate is the straight-time pay (premiums included) ÷ hours worked; an estimate.';
export const WHOLE_PERIODS =
  'Each workweek is counted whole, with its shifts outside the dates of this sheet.';

/** Why a group's sheet shows more hours in its overtime summary than in its rows. */
export function groupNote(group: { name: string; employers: string[] }): string {
  const names = group.employers;
  const list =
    names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Hours at ${list} count together toward overtime (${group.name}): each workweek's hours, straight-time pay and regular rate above are theirs together, and each shift here carries its share of the premium.`;
}

/** A stored line as a clerk reads it (shared with the report preview). */
export const lineInWords = payLineInWords;

/** A period's dates: 'Sun, Mar 1, 2026 – Sat, Mar 7, 2026'. */
export const periodDates = (period: ReportOvertimePeriod) =>
  `${formatDisplayDate(period.startDate)} – ${formatDisplayDate(period.endDate)}`;

/** '$1,088.00 ÷ 48:00 h = $22.67/h': the regular rate as the division it is. */
export const regularRateInWords = (period: ReportOvertimePeriod, money: Money) =>
  `${money(period.straightTimeCents)} ÷ ${formatHoursMinutes(period.paidMinutes)} h = ${money(period.regularRateCentsPerHour)}/h`;

/** '8:00 h at 1.5×, 2:00 h at 2×', or 'none'. */
export const overtimeHoursInWords = (period: ReportOvertimePeriod) =>
  period.overtimeMinutes.length === 0
    ? 'none'
    : period.overtimeMinutes
        .map((m) => `${formatHoursMinutes(m.minutes)} h at ${multiplierInWords(m.multiplierBp)}`)
        .join(', ');

/** The period's overtime minutes, all multipliers together. */
export const overtimeMinutesOf = (period: ReportOvertimePeriod) =>
  period.overtimeMinutes.reduce((sum, m) => sum + m.minutes, 0);
