// Arithmetic on UTC day numbers, so neither the server's nor the browser's zone can shift a date.

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const msPerDay = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Strict 'YYYY-MM-DD' of a real calendar date, years 0001–9999. */
export function isValidDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function dateParts(date: string): { year: number; month: number; day: number } {
  if (!isValidDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function formatDate(year: number, month: number, day: number): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (!isValidDate(text)) throw new RangeError(`Not a calendar date: ${text}`);
  return text;
}

function dayNumber(date: string): number {
  const { year, month, day } = dateParts(date);
  const utc = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  utc.setUTCFullYear(year, month - 1, day);
  return Math.round(utc.getTime() / msPerDay);
}

function fromDayNumber(days: number): string {
  const utc = new Date(days * msPerDay);
  return formatDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
}

export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return fromDayNumber(dayNumber(date) + days);
}

export function compareDates(a: string, b: string): number {
  return dayNumber(a) - dayNumber(b);
}

export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday). */
export function dayOfWeek(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** False for offsets. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z]/.test(timeZone)) return false;
  try {
    dateFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The runtime's spelling ('america/new_york' → 'America/New_York'): one stored name per zone. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length > 64 || !isValidTimeZone(timeZone)) return null;
  return dateFormatter(timeZone).resolvedOptions().timeZone;
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dateFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return formatDate(part('year'), part('month'), part('day'));
}
