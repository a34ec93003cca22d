// Timesheet rows as the pay engine figures them, for tests and benches that build a model by hand.
import { type PayRules, payShift } from '../../shared/domain/pay-engine.ts';
import { toHundredths } from '../../shared/domain/pay-text.ts';
import type { ReportRow, ReportRules } from '../features/timesheets/report-model.ts';

export const EXACT_MINUTES: ReportRules = {
  roundingStep: 'none',
  roundingDirection: 'nearest',
  precision: 'minutes',
};

type RowInput = Pick<ReportRow, 'date' | 'startTime' | 'endTime' | 'breakMinutes' | 'rateCents'> &
  Partial<Pick<ReportRow, 'department' | 'note'>>;

export function reportRow(input: RowInput, rules: ReportRules = EXACT_MINUTES): ReportRow {
  const payRules: PayRules = {
    ...rules,
    taxMethod: 'none',
    taxBasisPoints: 0,
    rates: [{ effectiveFrom: null, rateCents: input.rateCents }],
  };
  const pay = payShift(
    {
      id: 0,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      breakDuration: input.breakMinutes,
      timeZone: 'UTC',
    },
    payRules,
  );
  if ('field' in pay) throw new RangeError(`${pay.field}: ${pay.message}`);
  return {
    department: null,
    note: null,
    ...input,
    workedMinutes: pay.workedMinutes,
    paidMinutes: pay.paidMinutes,
    hundredths: toHundredths(pay.paidMinutes),
    tenths: pay.tenths,
    earningsCents: pay.payCents,
  };
}
