import {
  formatCurrency,
  formatTime,
  parseMoney,
  parseTime,
  shiftEndsNextDay,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' → a Date at local midnight of that day (what the calendar works with). */
export function localDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** A Date's local calendar day as 'YYYY-MM-DD'. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** '2026-03-02' → 'Mon, Mar 2, 2026'. The day is a calendar day, so no zone can shift it. */
export function formatLogDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** 'HH:MM' (or 'HH:MM:00') in the user's format; the raw text if it cannot be read. */
export function formatClock(time: string, format: TimeFormat): string {
  const minutes = parseTime(time);
  return minutes === null ? time : formatTime(minutes, format);
}

/** '9:00 AM – 5:00 PM' in the user's format. */
export function formatLogRange(log: Pick<WorkLog, 'startTime' | 'endTime'>, format: TimeFormat) {
  return `${formatClock(log.startTime, format)} – ${formatClock(log.endTime, format)}`;
}

/** True for a shift that ends the next day (its end is before its start). */
export function logEndsNextDay(log: Pick<WorkLog, 'startTime' | 'endTime'>): boolean {
  return shiftEndsNextDay({
    startTime: log.startTime.slice(0, 5),
    endTime: log.endTime.slice(0, 5),
  });
}

/** '9:00 AM – 5:00 PM', or '10:00 PM – 6:00 AM (+1 day)' for a shift that ends the next day. */
export function formatLogTimes(log: Pick<WorkLog, 'startTime' | 'endTime'>, format: TimeFormat) {
  const range = formatLogRange(log, format);
  return logEndsNextDay(log) ? `${range} (+1 day)` : range;
}

/** 'Acme Studio on Mon, Mar 2, 2026': names a log in buttons and popovers. */
export const logLabel = (log: Pick<WorkLog, 'date' | 'employer'>) =>
  `${log.employer.name} on ${formatLogDate(log.date)}`;

export const formatLogHours = (hours: string) => `${hours} h`;
export const formatLogBreak = (minutes: number) => `${minutes} min`;

/** '150.00' → '$150.00'. */
export function formatMoney(amount: string): string {
  const cents = parseMoney(amount);
  return cents === null ? amount : formatCurrency(cents);
}

/**
 * The zone "today" and the date filters are computed in: the user's setting, or (before the
 * settings have loaded) the browser's, which is what sign-up stored. Not imported from
 * shared/schemas/settings.ts, which would bring zod into the page's first load.
 */
export function userTimeZone(settings: { timeZone: string } | null | undefined): string {
  return settings?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
