import {
  type DateRange,
  payPeriodOf,
  type TimesheetSchedule,
  todayIn,
  workLogPeriod,
} from '../../../../shared/domain/index.ts';

export const quickRangeIds = [
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'pay-period',
] as const;
export type QuickRangeId = (typeof quickRangeIds)[number];

export const quickRangeLabels: Record<QuickRangeId, string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'pay-period': 'Current pay period',
};

/** Whole periods in the user's zone (docs/product/money.md#periods); a pay period needs an employer. */
export function quickRange(
  id: QuickRangeId,
  timeZone: string,
  schedule: TimesheetSchedule | undefined,
  now: Date = new Date(),
): DateRange | null {
  if (id === 'pay-period') return schedule ? payPeriodOf(schedule, todayIn(timeZone, now)) : null;
  return workLogPeriod(id, timeZone, now);
}
