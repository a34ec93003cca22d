import { formatPercentage } from '../../../../shared/domain/format.ts';
import { parsePercent } from '../../../../shared/domain/money.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';

export const employmentTypeLabels: Record<Employer['employmentType'], string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  freelance: 'Freelance',
};

export const scheduleLabels: Record<Employer['timesheetSchedule'], string> = {
  weekly: 'Weekly',
  biweekly: 'Bi-Weekly',
  semimonthly: 'Semi-Monthly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const roundingStepLabels: Record<Employer['roundingStep'], string> = {
  none: 'No rounding',
  '5': '5 minutes',
  '6': '6 minutes',
  '15': '15 minutes',
  '30': '30 minutes',
  '60': '60 minutes',
};

export const roundingDirectionLabels: Record<Employer['roundingDirection'], string> = {
  nearest: 'Nearest (halves up)',
  up: 'Always up',
  down: 'Always down',
};

export const payPrecisionLabels: Record<Employer['payPrecision'], string> = {
  minutes: 'Exact minutes',
  tenths: 'Tenths of an hour',
};

type Rules = Pick<Employer, 'roundingStep' | 'roundingDirection' | 'payPrecision'>;

/** "Rounding: nearest 15 minutes" or "No rounding". */
export function roundingInWords({ roundingStep, roundingDirection }: Rules): string {
  if (roundingStep === 'none') return 'No rounding';
  const way = roundingDirection === 'nearest' ? 'nearest' : roundingDirection;
  return `Rounding: ${way} ${roundingStepLabels[roundingStep]}`;
}

/** "Rounding: nearest 15 minutes · Exact minutes". */
export function rulesInWords(rules: Rules): string {
  return `${roundingInWords(rules)} · ${payPrecisionLabels[rules.payPrecision]}`;
}

export const taxMethodLabels: Record<Employer['taxMethod'], string> = {
  add: 'Added',
  deduct: 'Deducted',
  none: 'None',
};

/** "8.00% added", "20.00% deducted" or "No tax". */
export function taxInWords({
  taxMethod,
  taxRate,
}: Pick<Employer, 'taxMethod' | 'taxRate'>): string {
  if (taxMethod === 'none' || parsePercent(taxRate) === 0) return 'No tax';
  return `${formatPercentage(taxRate)} ${taxMethod === 'add' ? 'added' : 'deducted'}`;
}
