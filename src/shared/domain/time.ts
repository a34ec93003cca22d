// docs/product/deviations.md#9-an-hour-typed-as-1323-is-24-hour-time
import type { timeFormats } from '../schemas/settings.ts';

export type TimeFormat = (typeof timeFormats)[number];
export type Meridiem = 'AM' | 'PM';
export interface TwelveHourTime {
  hour: string;
  minute: string;
  period: Meridiem;
}

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)(?::(00))?$/;

/** 'HH:MM' or 'HH:MM:00' (PostgreSQL's time) → minutes since midnight, or null. */
export function parseTime(text: string): number | null {
  const match = timePattern.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

function assertMinuteOfDay(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1439) {
    throw new RangeError(`Not a minute of the day: ${minutes}`);
  }
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export function formatTime24(minutes: number): string {
  assertMinuteOfDay(minutes);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

export function formatTime(minutes: number, format: TimeFormat): string {
  if (format === '24-hour') return formatTime24(minutes);
  const { hour, minute, period } = twelveHourParts(minutes);
  return `${hour}:${pad2(minute)} ${period}`;
}

function twelveHourParts(minutes: number): { hour: number; minute: number; period: Meridiem } {
  assertMinuteOfDay(minutes);
  const hour24 = Math.floor(minutes / 60);
  return {
    hour: hour24 % 12 === 0 ? 12 : hour24 % 12,
    minute: minutes % 60,
    period: hour24 < 12 ? 'AM' : 'PM',
  };
}

export function fromTwentyFourHour(text: string): TwelveHourTime | null {
  const minutes = parseTime(text);
  if (minutes === null) return null;
  const { hour, minute, period } = twelveHourParts(minutes);
  return { hour: pad2(hour), minute: pad2(minute), period };
}
