/** Wording both documents share, so the PDF and the CSV never disagree. */
import { formatPercent } from '../../../shared/domain/money.ts';
import type { ReportModel } from './report-model.ts';

/** 'Tax (15.00%) added', 'Tax (15.00%) deducted', or null when the user's method is none. */
export function taxLabel(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  if (model.taxCalculation === 'none') return null;
  const verb = model.taxCalculation === 'add' ? 'added' : 'deducted';
  return `Tax (${formatPercent(model.taxBasisPoints)}%) ${verb}`;
}

/**
 * The tax line a document prints, or null when there is none: the user's method is none, or
 * the employer's rate is 0 %. The amount carries its sign as the screens show it: an added tax
 * with a plus, a deducted one with a minus sign (U+2212).
 */
export function taxLine(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  const label = taxLabel(model);
  if (!label || model.taxBasisPoints === 0) return null;
  const deducted = model.taxCalculation === 'deduct';
  return { label, amount: (formatted: string) => `${deducted ? MINUS : '+'}${formatted}` };
}

export const MINUS = '\u2212';

export const NO_SHIFTS = 'No shifts were logged for this employer in this period.';
