/** Wording both documents share, so the PDF and the CSV never disagree. */
import { formatPercent } from '../../../shared/domain/money.ts';
import type { ReportModel } from './report-model.ts';

/** 'Tax (15.00%) added', 'Tax (15.00%) deducted', or null when the user's method is none. */
export function taxLabel(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  if (model.taxCalculation === 'none') return null;
  const verb = model.taxCalculation === 'add' ? 'added' : 'deducted';
  return `Tax (${formatPercent(model.taxBasisPoints)}%) ${verb}`;
}

/** 'No tax', 'Tax 20.00% deducted from the gross': the employer's method, stated on the sheet. */
export function taxInWords(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  if (model.taxCalculation === 'none' || model.taxBasisPoints === 0) return 'No tax';
  const verb = model.taxCalculation === 'add' ? 'added to' : 'deducted from';
  return `Tax ${formatPercent(model.taxBasisPoints)}% ${verb} the gross`;
}

/** Null for method none or a 0 % rate; signed as on screen (U+2212 minus when deducted). */
export function taxLine(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  const label = taxLabel(model);
  if (!label || model.taxBasisPoints === 0) return null;
  const deducted = model.taxCalculation === 'deduct';
  return { label, amount: (formatted: string) => `${deducted ? MINUS : '+'}${formatted}` };
}

export const MINUS = '\u2212';

export const NO_SHIFTS = 'No shifts were logged for this employer in this period.';
