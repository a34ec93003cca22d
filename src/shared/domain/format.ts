// One set of formatters, so a PDF prints what the pages show; unreadable input is shown as it came.
import { formatCurrency, formatPercent, parseMoney, parsePercent } from './money.ts';
import { shiftEndsNextDay } from './shift.ts';
import { formatTime, parseTime, type TimeFormat } from './time.ts';

export { currencySymbol, formatCurrency } from './money.ts';
export { formatHours } from './rounding.ts';
export { formatTime, formatTime24 } from './time.ts';

/** '1234.5' → '$1,234.50' (or '€1,234.50' for 'EUR'). */
export function formatMoney(amount: string, currency = 'USD'): string {
  const cents = parseMoney(amount);
  return cents === null ? amount : formatCurrency(cents, currency);
}

export function formatHourlyRate(rate: string, currency = 'USD'): string {
  return `${formatMoney(rate, currency)}/hr`;
}

export function formatPercentage(rate: string): string {
  const basisPoints = parsePercent(rate);
  return `${basisPoints === null ? rate : formatPercent(basisPoints)}%`;
}

/** Hours as the API sends them ('7.5') → '7.5 h'. From tenths: formatDuration(formatHours(75)). */
export function formatDuration(hours: string): string {
  return `${hours} h`;
}

export function formatBreak(minutes: number): string {
  return `${minutes} min`;
}

const displayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-03-02' → 'Mon, Mar 2, 2026'. A calendar day, read in UTC, so no zone can shift it. */
export function formatDisplayDate(date: string): string {
  if (!isoDatePattern.test(date)) return date;
  const instant = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? date : displayDate.format(instant);
}

/** A Date's local calendar day → 'YYYY-MM-DD' (what a date picker hands back). */
export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → a Date at local midnight of that day (what a date picker works with). */
export function parseIsoDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** 'HH:MM' or 'HH:MM:SS' → '9:05 AM' (12-hour) or '09:05' (24-hour); the raw text if unreadable. */
export function formatClock(time: string, format: TimeFormat): string {
  const minutes = /^\d\d:\d\d(:\d\d)?$/.test(time) ? parseTime(time.slice(0, 5)) : null;
  return minutes === null ? time : formatTime(minutes, format);
}

/** True when the end ('HH:MM' or the API's 'HH:MM:SS') comes before the start: the next day. */
export function endsNextDay(startTime: string, endTime: string): boolean {
  return shiftEndsNextDay({ startTime: startTime.slice(0, 5), endTime: endTime.slice(0, 5) });
}

/** '9:00 AM – 5:00 PM': the two times alone, for a layout that marks the next day itself. */
export function formatClockRange(startTime: string, endTime: string, format: TimeFormat): string {
  return `${formatClock(startTime, format)} – ${formatClock(endTime, format)}`;
}

/** '9:00 AM – 5:00 PM', or '10:00 PM – 6:00 AM (+1 day)' for a shift that ends the next day. */
export function formatTimeRange(startTime: string, endTime: string, format: TimeFormat): string {
  const range = formatClockRange(startTime, endTime, format);
  return endsNextDay(startTime, endTime) ? `${range} (+1 day)` : range;
}
