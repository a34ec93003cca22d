// Inclusive pay periods (docs/product/money.md#pay-periods, docs/decisions/015-timesheets.md);
// bi-weekly ones count from a fixed Sunday, so every instance agrees.
import type { timesheetSchedules } from '../schemas/enums.ts';
import { addDays, daysBetween } from './dates.ts';
import { type DateRange, monthsOf, weekOf } from './periods.ts';

export type TimesheetSchedule = (typeof timesheetSchedules)[number];

export const BIWEEKLY_ANCHOR = '2023-01-01';

export function payPeriodOf(schedule: TimesheetSchedule, date: string): DateRange {
  switch (schedule) {
    case 'weekly':
      return weekOf(date);
    case 'biweekly': {
      const week = weekOf(date);
      const weeks = Math.floor(daysBetween(BIWEEKLY_ANCHOR, week.from) / 7);
      const from = addDays(week.from, ((weeks % 2) + 2) % 2 === 0 ? 0 : -7);
      return { from, to: addDays(from, 13) };
    }
    case 'monthly':
      return monthsOf(date, 1);
    case 'quarterly':
      return monthsOf(date, 3);
    case 'yearly':
      return monthsOf(date, 12);
  }
}

export function previousPayPeriod(schedule: TimesheetSchedule, period: DateRange): DateRange {
  return payPeriodOf(schedule, addDays(period.from, -1));
}

export function payPeriodDueDate(period: DateRange): string {
  return addDays(period.to, 1);
}
