import {
  formatTime24,
  type Meridiem,
  shiftMessages,
  type TwelveHourTime,
} from '../../../../shared/domain/index.ts';

export const HOUR_REQUIRED = 'Enter an hour from 1 to 12';
export const HOUR_OUT_OF_RANGE = 'Enter an hour from 1 to 12, or 0 to 23 for 24-hour time';
export const MINUTES_OUT_OF_RANGE = 'Enter minutes from 00 to 59';

export type TimeReading =
  | {
      ok: true;
      /** What the fields should show: hh and mm as two digits, AM/PM matching the time. */
      time: TwelveHourTime;
      /** 'HH:MM', what the server is sent. */
      clock: string;
    }
  | { ok: false; message: string };

const pad2 = (n: number) => String(n).padStart(2, '0');
const wholeNumber = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : null);

/**
 * How the hh : mm + AM/PM fields are read (DESIGN.md §7.9). 1–12 keep the chosen AM/PM;
 * 13–23 are 24-hour time (17 is 5 PM, whatever AM/PM says) and 0 is 12 AM. Anything else gets
 * a message: a time is never silently turned into another one. An empty minute field is :00.
 */
export function readTime({ hour, minute, period }: TwelveHourTime): TimeReading {
  const hourText = hour.trim();
  if (hourText === '') return { ok: false, message: HOUR_REQUIRED };
  const typedHour = wholeNumber(hourText);
  if (typedHour === null || typedHour > 23) return { ok: false, message: HOUR_OUT_OF_RANGE };
  const minuteText = minute.trim();
  const typedMinute = minuteText === '' ? 0 : wholeNumber(minuteText);
  if (typedMinute === null || typedMinute > 59) {
    return { ok: false, message: MINUTES_OUT_OF_RANGE };
  }

  let hour24: number;
  if (typedHour === 0) hour24 = 0;
  else if (typedHour > 12) hour24 = typedHour;
  else hour24 = (typedHour % 12) + (period === 'PM' ? 12 : 0);
  const shownPeriod: Meridiem = hour24 < 12 ? 'AM' : 'PM';
  const shownHour = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return {
    ok: true,
    time: { hour: pad2(shownHour), minute: pad2(typedMinute), period: shownPeriod },
    clock: formatTime24(hour24 * 60 + typedMinute),
  };
}

/** The break as typed: whole minutes (empty is 0), or null for anything else ('12.5', '-5'). */
export function readBreak(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export const BREAK_NOT_WHOLE = shiftMessages.breakWhole;
