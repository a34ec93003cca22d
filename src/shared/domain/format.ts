// One set of formatters, so a PDF prints what the pages show; unreadable input is shown as it came.
import { formatCurrency, formatPercent, parseMoney, parsePercent } from './money.ts';
import { shiftEndsNextDay } from './shift.ts';
import { formatTime, parseTime, type TimeFormat } from './time.ts';

export { currencySymbol, formatCurrency } from './money.ts';
export { formatHours } from './rounding.ts';
export { formatTime, formatTime24 } from './time.ts';

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

export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseIsoDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export function formatClock(time: string, format: TimeFormat): string {
  const minutes = /^\d\d:\d\d(:\d\d)?$/.test(time) ? parseTime(time.slice(0, 5)) : null;
  return minutes === null ? time : formatTime(minutes, format);
}

export function endsNextDay(startTime: string, endTime: string): boolean {
  return shiftEndsNextDay({ startTime: startTime.slice(0, 5), endTime: endTime.slice(0, 5) });
}

/** For a layout that marks the next day itself. */
export function formatClockRange(startTime: string, endTime: string, format: TimeFormat): string {
  return `${formatClock(startTime, format)} – ${formatClock(endTime, format)}`;
}

export function formatTimeRange(startTime: string, endTime: string, format: TimeFormat): string {
  const range = formatClockRange(startTime, endTime, format);
  return endsNextDay(startTime, endTime) ? `${range} (+1 day)` : range;
}
