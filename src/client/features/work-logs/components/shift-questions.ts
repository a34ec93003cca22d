import { elapsedMinutes } from '../../../../shared/domain/elapsed.ts';
import { formatClock, type TimeFormat } from '../../../../shared/domain/index.ts';
import { parseTime } from '../../../../shared/domain/time.ts';

/** Longer than this, a shift is more likely a slip (a wrong AM/PM) than a real day's work. */
export const LONG_SHIFT_MINUTES = 16 * 60;

/** Asked before saving a shift that may be wrong; answered "Save anyway" or "Go back". */
export type ShiftQuestion = {
  kind: 'long' | 'overlap';
  title: string;
  detail: string;
};

/** 1230 → '20 h 30 min', 1020 → '17 h'. */
export function formatLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Start to end, across midnight when the end is earlier: the whole span, break included. */
export function shiftLengthMinutes(startTime: string, endTime: string): number | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  return end - start + (end <= start ? 1440 : 0);
}

/** The real span in the user's zone, so a night the clocks change is an hour longer or shorter. */
export function longShiftQuestion(
  { date, startTime, endTime }: { date: string; startTime: string; endTime: string },
  format: TimeFormat,
  timeZone: string,
): ShiftQuestion | null {
  const real = elapsedMinutes({ date, startTime, endTime, timeZone });
  const length = real.ok ? real.minutes : shiftLengthMinutes(startTime, endTime);
  if (length === null || length <= LONG_SHIFT_MINUTES) return null;
  const nextDay = parseTime(endTime)! <= parseTime(startTime)! ? ' the next day' : '';
  return {
    kind: 'long',
    title: `This shift is ${formatLength(length)} long. Is this right?`,
    detail: `It starts at ${formatClock(startTime, format)} and ends at ${formatClock(endTime, format)}${nextDay}. Check the times${format === '12-hour' ? ' and AM/PM' : ''} if it should be shorter.`,
  };
}

export function overlapQuestion(serverMessage: string): ShiftQuestion {
  return {
    kind: 'overlap',
    title: 'This shift overlaps another one. Is this right?',
    detail: serverMessage,
  };
}
