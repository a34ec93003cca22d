/** Wording both documents share, so the PDF and the CSV never disagree. */
import { formatPercent } from '../../../shared/domain/money.ts';
import type { ReportModel } from './report-model.ts';

/** 'Tax (15.00%) added', 'Tax (15.00%) deducted', or null when the user's method is none. */
export function taxLabel(model: Pick<ReportModel, 'taxCalculation' | 'taxBasisPoints'>) {
  if (model.taxCalculation === 'none') return null;
  const verb = model.taxCalculation === 'add' ? 'added' : 'deducted';
  return `Tax (${formatPercent(model.taxBasisPoints)}%) ${verb}`;
}

export const NO_SHIFTS = 'No shifts were logged for this employer in this period.';
