// Inclusive, whole calendar periods in the user's zone (docs/product/money.md#periods).
import { addDays, dateParts, dayOfWeek, daysInMonth, formatDate, todayIn } from './dates.ts';
import { mulDivRound } from './money.ts';

export interface DateRange {
  from: string;
  to: string;
}
export const workLogFilters = [
  'today',
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'this-year',
  'all',
] as const;
export type WorkLogFilter = (typeof workLogFilters)[number];
export const dashboardPeriods = ['week', 'month', 'quarter', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export interface Trend {
  percentage: number;
  /** 'new': something now, nothing before, so no percentage compares them. */
  direction: 'up' | 'down' | 'flat' | 'new';
}

export function weekOf(date: string): DateRange {
  const from = addDays(date, -dayOfWeek(date));
  return { from, to: addDays(from, 6) };
}

/** The run of `months` months containing a date, aligned on January (1, 3 or 12 months). */
export function monthsOf(date: string, months: 1 | 3 | 12): DateRange {
  const { year, month } = dateParts(date);
  const first = month - ((month - 1) % months);
  const last = first + months - 1;
  return { from: formatDate(year, first, 1), to: formatDate(year, last, daysInMonth(year, last)) };
}

const periodOf: Record<DashboardPeriod, (date: string) => DateRange> = {
  week: weekOf,
  month: (date) => monthsOf(date, 1),
  quarter: (date) => monthsOf(date, 3),
  year: (date) => monthsOf(date, 12),
};

function previousOf(kind: DashboardPeriod, range: DateRange): DateRange {
  return periodOf[kind](addDays(range.from, -1));
}

export function workLogPeriod(
  filter: WorkLogFilter,
  timeZone: string,
  now: Date = new Date(),
): DateRange | null {
  const today = todayIn(timeZone, now);
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'this-week':
      return weekOf(today);
    case 'last-week':
      return previousOf('week', weekOf(today));
    case 'this-month':
      return periodOf.month(today);
    case 'last-month':
      return previousOf('month', periodOf.month(today));
    case 'this-year':
      return periodOf.year(today);
    case 'all':
      return null;
  }
}

export function dashboardPeriod(
  period: DashboardPeriod,
  timeZone: string,
  now: Date = new Date(),
): { current: DateRange; previous: DateRange } {
  const current = periodOf[period](todayIn(timeZone, now));
  return { current, previous: previousOf(period, current) };
}

/** One decimal; what rounds to 0.0 % is flat, from 0 is 'new' (nothing to compare), to 0 is 100 % down. */
export function trend(current: number, previous: number): Trend {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) {
    throw new RangeError('Trend values must be finite numbers');
  }
  const change = current - previous;
  if (previous === 0) {
    if (change === 0) return { percentage: 0, direction: 'flat' };
    return change > 0
      ? { percentage: 0, direction: 'new' }
      : { percentage: 100, direction: 'down' };
  }
  // Hours in tenths and money in cents are integers: round exactly; anything else by float.
  const exact = Number.isSafeInteger(change) && Number.isSafeInteger(previous);
  const tenthsOfPercent = exact
    ? mulDivRound(Math.abs(change), 1000, Math.abs(previous))
    : Math.round((Math.abs(change) * 1000) / Math.abs(previous));
  if (tenthsOfPercent === 0) return { percentage: 0, direction: 'flat' };
  return { percentage: tenthsOfPercent / 10, direction: change > 0 ? 'up' : 'down' };
}
