import { type DateRange, todayIn, workLogPeriod } from '../../../../shared/domain/index.ts';
import {
  type PayCalendar,
  payPeriodOf,
  previousPayPeriod,
  type TimesheetSchedule,
} from '../../../../shared/domain/pay-periods.ts';

export const quickRangeIds = [
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'pay-period',
  'last-pay-period',
] as const;
export type QuickRangeId = (typeof quickRangeIds)[number];

export const quickRangeLabels: Record<QuickRangeId, string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'pay-period': 'Current pay period',
  'last-pay-period': 'Last pay period',
};

/**
 * Whole periods in the user's zone (docs/product/money.md#periods); a pay period needs an
 * employer, and is its own calendar's (anchored weeks, semi-monthly, monthly from a day).
 */
export function quickRange(
  id: QuickRangeId,
  timeZone: string,
  calendar: TimesheetSchedule | PayCalendar | undefined,
  now: Date = new Date(),
): DateRange | null {
  if (id === 'pay-period' || id === 'last-pay-period') {
    if (!calendar) return null;
    const current = payPeriodOf(calendar, todayIn(timeZone, now));
    return id === 'pay-period' ? current : previousPayPeriod(calendar, current);
  }
  return workLogPeriod(id, timeZone, now);
}
