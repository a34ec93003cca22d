// Inclusive pay periods (docs/product/money.md#pay-periods, docs/decisions/015-timesheets.md and
// 041-pay-calendars.md): each employer's own calendar — weekly and bi-weekly from an anchor date,
// semi-monthly on two days of the month, monthly from a day of the month, quarterly, yearly —
// and its payday. Dates are calendar dates in the user's zone: clock changes never move a period.
import type { timesheetSchedules } from '../schemas/enums.ts';
import { addDays, dateParts, dayOfWeek, daysBetween, formatDate } from './dates.ts';
import { formatDisplayDate } from './format.ts';
import { type DateRange, monthsOf } from './periods.ts';

export type TimesheetSchedule = (typeof timesheetSchedules)[number];

/** A Sunday: weekly and bi-weekly periods start on it (and every 7 or 14 days from it) by default. */
export const BIWEEKLY_ANCHOR = '2023-01-01';

/** Days of the month a period may start on: 1–28, so every month has them. */
export const START_DAYS = { min: 1, max: 28 } as const;

/**
 * An employer's pay calendar. `anchorDate`: a day a weekly or bi-weekly period starts on (its
 * weekday is the periods' first day). `startDays`: the two days of the month semi-monthly periods
 * start on (1 and 16: the 1st–15th and the 16th–end), or the one a monthly period starts on (20:
 * the 20th to the 19th). Payday: `paydayDays` after the period's last day, then, when
 * `paydayWeekday` is set, the first such weekday on or after it.
 */
export interface PayCalendar {
  schedule: TimesheetSchedule;
  anchorDate?: string | null;
  startDays?: readonly number[] | null;
  paydayDays?: number | null;
  paydayWeekday?: number | null;
}

/** Paid a week after the period ends, unless the employer says otherwise. */
export const DEFAULT_PAYDAY_DAYS = 7;

const calendarOf = (c: TimesheetSchedule | PayCalendar): PayCalendar =>
  typeof c === 'string' ? { schedule: c } : c;

/** Days 1–28 in order, without repeats; the schedule's default when none are given. */
export function startDaysOf(calendar: PayCalendar): number[] {
  const wanted = calendar.schedule === 'semimonthly' ? 2 : 1;
  const fallback = calendar.schedule === 'semimonthly' ? [1, 16] : [1];
  const days = [...new Set(calendar.startDays ?? [])]
    .filter((d) => Number.isInteger(d) && d >= START_DAYS.min && d <= START_DAYS.max)
    .sort((a, b) => a - b);
  return days.length === wanted ? days : fallback;
}

/** The month before or after (`by` months), as year and month. */
function shiftMonth(year: number, month: number, by: number) {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The periods starting on these days of each month, the one containing `date`. */
function monthDaysPeriod(date: string, days: readonly number[]): DateRange {
  const { year, month, day } = dateParts(date);
  // The latest start on or before the date: this month's, or the last of the month before.
  const here = [...days].reverse().find((d) => d <= day);
  const start =
    here !== undefined
      ? formatDate(year, month, here)
      : (() => {
          const before = shiftMonth(year, month, -1);
          return formatDate(before.year, before.month, days[days.length - 1]!);
        })();
  const { year: y, month: m, day: d } = dateParts(start);
  const next = days.find((x) => x > d);
  const nextStart =
    next !== undefined
      ? formatDate(y, m, next)
      : (() => {
          const after = shiftMonth(y, m, 1);
          return formatDate(after.year, after.month, days[0]!);
        })();
  return { from: start, to: addDays(nextStart, -1) };
}

export function payPeriodOf(calendar: TimesheetSchedule | PayCalendar, date: string): DateRange {
  const c = calendarOf(calendar);
  switch (c.schedule) {
    case 'weekly':
    case 'biweekly': {
      const length = c.schedule === 'weekly' ? 7 : 14;
      const anchor = c.anchorDate ?? BIWEEKLY_ANCHOR;
      const offset = daysBetween(anchor, date);
      const from = addDays(anchor, Math.floor(offset / length) * length);
      return { from, to: addDays(from, length - 1) };
    }
    case 'semimonthly':
    case 'monthly':
      return monthDaysPeriod(date, startDaysOf(c));
    case 'quarterly':
      return monthsOf(date, 3);
    case 'yearly':
      return monthsOf(date, 12);
  }
}

export function previousPayPeriod(
  calendar: TimesheetSchedule | PayCalendar,
  period: DateRange,
): DateRange {
  return payPeriodOf(calendar, addDays(period.from, -1));
}

export function nextPayPeriod(
  calendar: TimesheetSchedule | PayCalendar,
  period: DateRange,
): DateRange {
  return payPeriodOf(calendar, addDays(period.to, 1));
}

/** A timesheet is due the day after its period ends. */
export function payPeriodDueDate(period: DateRange): string {
  return addDays(period.to, 1);
}

/** When the period's pay is expected: `paydayDays` after its end, then the payday weekday. */
export function paydayOf(calendar: PayCalendar, period: DateRange): string {
  const after = addDays(period.to, calendar.paydayDays ?? DEFAULT_PAYDAY_DAYS);
  const weekday = calendar.paydayWeekday;
  if (weekday === null || weekday === undefined) return after;
  return addDays(after, (((weekday - dayOfWeek(after)) % 7) + 7) % 7);
}

/** An employer's calendar from its columns, as the API and the database hold them. */
export const payCalendarOf = (employer: {
  timesheetSchedule: TimesheetSchedule;
  payAnchorDate?: string | null;
  payStartDays?: readonly number[] | null;
  paydayDays?: number | null;
  paydayWeekday?: number | null;
}): PayCalendar => ({
  schedule: employer.timesheetSchedule,
  anchorDate: employer.payAnchorDate ?? null,
  startDays: employer.payStartDays ?? [],
  paydayDays: employer.paydayDays ?? DEFAULT_PAYDAY_DAYS,
  paydayWeekday: employer.paydayWeekday ?? null,
});

/**
 * The calendar beyond its schedule's name, in words, or null when it is the schedule's plain
 * default ("the 5th and the 20th", "from the 20th", "fortnights from Wed, Oct 21, 2026"), and
 * its payday ("Paid the first Friday after the period").
 */
export function payCalendarInWords(calendar: PayCalendar): {
  periods: string | null;
  payday: string;
} {
  let periods: string | null = null;
  const anchor = calendar.anchorDate;
  if (calendar.schedule === 'weekly' && anchor) {
    periods = `${WEEKDAY_NAMES[dayOfWeek(anchor)]} to ${WEEKDAY_NAMES[(dayOfWeek(anchor) + 6) % 7]}`;
  } else if (calendar.schedule === 'biweekly' && anchor) {
    periods = `fortnights from ${formatDisplayDate(anchor)}`;
  } else if (calendar.schedule === 'semimonthly') {
    const [a, b] = startDaysOf(calendar);
    periods = `the ${ordinal(a!)} and the ${ordinal(b!)}`;
  } else if (calendar.schedule === 'monthly') {
    const [day] = startDaysOf(calendar);
    if (day !== 1) periods = `from the ${ordinal(day!)}`;
  }
  const days = calendar.paydayDays ?? DEFAULT_PAYDAY_DAYS;
  const weekday = calendar.paydayWeekday;
  if (weekday === null || weekday === undefined) {
    const payday =
      days === 0
        ? 'Paid on its last day'
        : days === 1
          ? 'Paid the day after the period'
          : `Paid ${days} days after the period`;
    return { periods, payday };
  }
  const name = WEEKDAY_NAMES[weekday];
  const payday =
    days === 0
      ? `Paid the first ${name} on or after its last day`
      : days === 1
        ? `Paid the first ${name} after the period`
        : `Paid the first ${name} at least ${days} days after the period`;
  return { periods, payday };
}

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/** 1st, 2nd, 3rd, 4th … 21st, 22nd, 23rd, 28th. */
const ordinal = (n: number) => {
  const tens = Math.floor(n / 10) % 10;
  const suffix = tens === 1 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};
