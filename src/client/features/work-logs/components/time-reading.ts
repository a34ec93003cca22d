import {
  formatTime24,
  type Meridiem,
  parseTime,
  shiftMessages,
  type TimeFormat,
  type TwelveHourTime,
} from '../../../../shared/domain/index.ts';

export const HOUR_REQUIRED = 'Enter an hour from 1 to 12';
export const HOUR_OUT_OF_RANGE = 'Enter an hour from 1 to 12, or 0 to 23 for 24-hour time';
export const HOUR_24_OUT_OF_RANGE = 'Enter an hour from 00 to 23';
export const MINUTES_OUT_OF_RANGE = 'Enter minutes from 00 to 59';

/** 12-hour: `hour` may hold 13–23 or 0 as typed until read. 24-hour: `period` only follows it. */
export type TypedTime = TwelveHourTime;

export type TimeReading =
  | {
      ok: true;
      time: TypedTime;
      /** 'HH:MM', what the server is sent. */
      clock: string;
    }
  | { ok: false; message: string };

const pad2 = (n: number) => String(n).padStart(2, '0');
const wholeNumber = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : null);

export function timeFields(clock: string, format: TimeFormat): TypedTime | null {
  const minutes = parseTime(clock);
  if (minutes === null) return null;
  const hour24 = Math.floor(minutes / 60);
  const period: Meridiem = hour24 < 12 ? 'AM' : 'PM';
  const shownHour = format === '24-hour' ? hour24 : hour24 % 12 === 0 ? 12 : hour24 % 12;
  return { hour: pad2(shownHour), minute: pad2(minutes % 60), period };
}

/**
 * A typed leading zero ('06') means AM, so '06' after a PM start is not 6 PM; applied to what is
 * typed only, since a tidied '05' beside a chosen PM is 5 PM.
 */
export function periodOfTypedHour(text: string, period: Meridiem): Meridiem {
  return /^\s*0[1-9]\s*$/.test(text) ? 'AM' : period;
}

/**
 * Decision 027. 12-hour: 1–12 keep AM/PM, 13–23 are 24-hour time, 0 is 12 AM; anything else
 * gets a message, never silently another time. An empty minute is :00.
 */
export function readTime(
  { hour, minute, period }: TypedTime,
  format: TimeFormat = '12-hour',
): TimeReading {
  const twentyFour = format === '24-hour';
  const hourText = hour.trim();
  if (hourText === '') {
    return { ok: false, message: twentyFour ? HOUR_24_OUT_OF_RANGE : HOUR_REQUIRED };
  }
  const typedHour = wholeNumber(hourText);
  if (typedHour === null || typedHour > 23) {
    return { ok: false, message: twentyFour ? HOUR_24_OUT_OF_RANGE : HOUR_OUT_OF_RANGE };
  }
  const minuteText = minute.trim();
  const typedMinute = minuteText === '' ? 0 : wholeNumber(minuteText);
  if (typedMinute === null || typedMinute > 59) {
    return { ok: false, message: MINUTES_OUT_OF_RANGE };
  }

  let hour24: number;
  if (twentyFour || typedHour === 0 || typedHour > 12) hour24 = typedHour;
  else hour24 = (typedHour % 12) + (period === 'PM' ? 12 : 0);
  const clock = formatTime24(hour24 * 60 + typedMinute);
  return { ok: true, time: timeFields(clock, format) as TypedTime, clock };
}

/** The break as typed: whole minutes (empty is 0), or null for anything else ('12.5', '-5'). */
export function readBreak(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export const BREAK_NOT_WHOLE = shiftMessages.breakWhole;

const SIDE = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(?:([ap])\.?\s*m?\.?)?$/i;

type Side = { hour: number; minute: number; meridiem: Meridiem | null };

function readSide(text: string): Side | null {
  const match = SIDE.exec(text.trim());
  if (!match) return null;
  const [, hour = '', minute = '00', meridiem] = match;
  const side = {
    hour: Number(hour),
    minute: Number(minute),
    meridiem: meridiem ? ((meridiem.toLowerCase() === 'a' ? 'AM' : 'PM') as Meridiem) : null,
  };
  const hourLimit = side.meridiem ? 12 : 23;
  if (side.minute > 59 || side.hour > hourLimit || (side.meridiem && side.hour === 0)) return null;
  return side;
}

const minutesOf = (side: Side, meridiem: Meridiem | null) =>
  (meridiem ? (side.hour % 12) + (meridiem === 'PM' ? 12 : 0) : side.hour) * 60 + side.minute;

/**
 * A pasted shift ('9-17', '9am-5pm'). Without AM/PM an hour is 24-hour time, except an end of
 * 1–11 before a start under 12 is an afternoon ('9-5' is 09:00–17:00); a start without AM/PM
 * takes the end's when that keeps it first ('10-11pm' is 22:00–23:00).
 */
export function readTimeRange(text: string): { start: string; end: string } | null {
  const parts = text.trim().split(/\s*(?:-|–|—|to)\s*/i);
  if (parts.length !== 2) return null;
  const [start, end] = parts.map((part) => readSide(part ?? ''));
  if (!start || !end) return null;
  const endMinutes = minutesOf(end, end.meridiem);
  let startMinutes = minutesOf(start, start.meridiem);
  if (!start.meridiem && end.meridiem && start.hour >= 1 && start.hour <= 12) {
    const same = minutesOf(start, end.meridiem);
    startMinutes =
      same <= endMinutes ? same : minutesOf(start, end.meridiem === 'AM' ? 'PM' : 'AM');
  }
  let shiftedEnd = endMinutes;
  if (!start.meridiem && !end.meridiem && end.hour >= 1 && end.hour < 12 && start.hour <= 12) {
    if (endMinutes < startMinutes) shiftedEnd += 12 * 60;
  }
  return { start: formatTime24(startMinutes), end: formatTime24(shiftedEnd) };
}
