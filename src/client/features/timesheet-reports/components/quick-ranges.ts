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

/**
 * The dates a quick-range button fills in, as whole periods in the user's zone (weeks start on
 * Sunday, docs/product/money.md#periods). The pay period follows the chosen employer's timesheet schedule; without
 * an employer there is none.
 */
export function quickRange(
  id: QuickRangeId,
  timeZone: string,
  schedule: TimesheetSchedule | undefined,
  now: Date = new Date(),
): DateRange | null {
  if (id === 'pay-period') return schedule ? payPeriodOf(schedule, todayIn(timeZone, now)) : null;
  return workLogPeriod(id, timeZone, now);
}
