// Worked minutes: docs/product/money.md#worked-minutes.
import { addDays } from './dates.ts';
import { parseTime } from './time.ts';

export interface ShiftTimes {
  startTime: string;
  endTime: string;
}
export interface Shift extends ShiftTimes {
  breakDuration: number;
}
export type ShiftResult =
  | { ok: true; minutes: number }
  | { ok: false; field: 'startTime' | 'endTime' | 'breakDuration'; message: string };

export const shiftMessages = {
  startTime: 'Start time must be a valid time (HH:MM)',
  endTime: 'End time must be a valid time (HH:MM)',
  sameTimes: 'End time must be different from start time',
  breakWhole: 'Break must be a whole number of minutes',
  breakTooLong: 'Break must be shorter than the shift',
} as const;

/** Worked minutes (1–1439) of a valid shift, or the field and message of the first problem. */
export function shiftMinutes({ startTime, endTime, breakDuration }: Shift): ShiftResult {
  const start = parseTime(startTime);
  if (start === null) return { ok: false, field: 'startTime', message: shiftMessages.startTime };
  const end = parseTime(endTime);
  if (end === null) return { ok: false, field: 'endTime', message: shiftMessages.endTime };
  if (end === start) return { ok: false, field: 'endTime', message: shiftMessages.sameTimes };
  if (!Number.isSafeInteger(breakDuration) || breakDuration < 0) {
    return { ok: false, field: 'breakDuration', message: shiftMessages.breakWhole };
  }
  const duration = end - start + (end < start ? 1440 : 0);
  if (breakDuration >= duration) {
    return { ok: false, field: 'breakDuration', message: shiftMessages.breakTooLong };
  }
  return { ok: true, minutes: duration - breakDuration };
}

export function shiftEndsNextDay({ startTime, endTime }: ShiftTimes): boolean {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  return start !== null && end !== null && end < start;
}

export function shiftEndDate(date: string, times: ShiftTimes): string {
  return shiftEndsNextDay(times) ? addDays(date, 1) : addDays(date, 0);
}
