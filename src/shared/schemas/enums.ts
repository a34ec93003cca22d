export const employmentTypes = ['full-time', 'part-time', 'contract', 'freelance'] as const;
export const timesheetSchedules = [
  'weekly',
  'biweekly',
  'semimonthly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export const brandColors = [
  'blue',
  'green',
  'purple',
  'orange',
  'red',
  'pink',
  'indigo',
  'teal',
] as const;
export const workLogStatuses = ['pending', 'approved', 'paid'] as const;
export const timesheetStatuses = ['upcoming', 'generated', 'sent', 'paid'] as const;
/** An employer's pay rules (docs/product/money.md#the-pay-engine). */
export const roundingSteps = ['none', '5', '6', '15', '30', '60'] as const;
export const roundingDirections = ['nearest', 'up', 'down'] as const;
export const payPrecisions = ['minutes', 'tenths'] as const;
/** How a change to an employer's rate or rules applies (docs/product/money.md#rate-history). */
export const ruleChangeScopes = ['new', 'date', 'every'] as const;
export const ruleChangeFields = [
  'rate',
  'roundingStep',
  'roundingDirection',
  'payPrecision',
  'taxMethod',
  'taxRate',
  'overtime',
  'premiums',
] as const;

/** How an employer paid (decision 041). */
export const paymentMethods = ['bank', 'cash', 'cheque', 'other'] as const;
export const distanceUnits = ['km', 'mi'] as const;
