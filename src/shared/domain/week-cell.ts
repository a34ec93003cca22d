// What a cell of the week grid says (docs/product/screens.md#week-grid, decision 049): a range
// ("9-17", "22-6:30", "9:15am-5:45pm", read as the shift dialog reads a pasted one), or hours
// from the usual start ("8", "7.5h"), each with an optional break ("b30", "b1h", "b0:45").
// Text it cannot read is refused, and the grid shows what it read under each cell.
import { shiftMinutes } from './shift.ts';
import { formatTime24, parseTime } from './time.ts';

export type CellShift = { startTime: string; endTime: string; breakDuration: number };

export type CellReading =
  | { kind: 'empty' }
  /** `minutes`: worked minutes (end − start, over midnight when the end is earlier, − break). */
  | { kind: 'shift'; shift: CellShift; minutes: number }
  | { kind: 'invalid'; message: string };

export const cellMessages = {
  unreadable: 'Type a range like 9-17 or 22-6:30, or hours like 8; add b30 for a 30-minute break',
  time: 'Times go from 0:00 to 23:59 (or 12am to 11:59pm)',
  hours: 'Hours go from 0.25 to 23.75, in whole minutes (like 8, 7.5 or 7.25)',
  breakText: 'Write the break as b30 (minutes), b1h or b0:45',
  sameTimes: 'Start and end are the same time',
  breakTooLong: 'Break must be shorter than the shift',
} as const;

const BREAK =
  /(?:^|\s|(?<=\d))b\s*(?:(\d{1,2}):(\d{2})|(\d+(?:[.,]\d+)?)\s*(h|hr|hrs|m|min|mins)?)$/;
const TIME = /^(\d{1,2})(?::?(\d{2}))?\s*(a|am|p|pm)?$/;
const RANGE = /^(.+?)\s*(?:-|–|—|\bto\b)\s*(.+)$/;
const HOURS = /^(\d+(?:[.,]\d+)?)\s*(?:h|hr|hrs)?$/;

const number = (text: string) => Number(text.replace(',', '.'));

type Side = { hour: number; minute: number; meridiem: 'a' | 'p' | null };

/** One end of a range, or null: "9", "17:45", "0930", "9am", "5:30p". */
function readSide(text: string): Side | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const side: Side = {
    hour: Number(match[1]),
    minute: match[2] === undefined ? 0 : Number(match[2]),
    meridiem: (match[3]?.[0] as 'a' | 'p' | undefined) ?? null,
  };
  const limit = side.meridiem ? 12 : 23;
  if (side.minute > 59 || side.hour > limit || (side.meridiem && side.hour === 0)) return null;
  return side;
}

const minutesOf = (side: Side, meridiem: 'a' | 'p' | null) =>
  (meridiem ? (side.hour % 12) + (meridiem === 'p' ? 12 : 0) : side.hour) * 60 + side.minute;

/**
 * A range read as the shift dialog reads a pasted one (decision 045): 24-hour time unless a or
 * p follows, except that an end of 1–11 before a start up to 12 is an afternoon ("9-5" is
 * 09:00–17:00), and a start without am/pm takes the end's when that keeps it first ("10-11pm"
 * is 22:00–23:00).
 */
function readRange(from: Side, to: Side): [number, number] {
  const end = minutesOf(to, to.meridiem);
  let start = minutesOf(from, from.meridiem);
  if (!from.meridiem && to.meridiem && from.hour >= 1 && from.hour <= 12) {
    const same = minutesOf(from, to.meridiem);
    start = same <= end ? same : minutesOf(from, to.meridiem === 'a' ? 'p' : 'a');
  }
  let shiftedEnd = end;
  if (!from.meridiem && !to.meridiem && to.hour >= 1 && to.hour < 12 && from.hour <= 12) {
    if (end < start) shiftedEnd += 12 * 60;
  }
  return [start, shiftedEnd];
}

/** Minutes of a break, or null when unreadable. */
function readBreak(match: RegExpExecArray): number | null {
  if (match[1] !== undefined) {
    const minutes = Number(match[2]);
    return minutes > 59 ? null : Number(match[1]) * 60 + minutes;
  }
  const amount = number(match[3]!);
  const minutes = match[4]?.startsWith('h') ? amount * 60 : amount;
  return Number.isInteger(minutes) ? minutes : null;
}

/**
 * Reads a cell. `usualStart` ("HH:MM") is where hours typed alone start: the employer's usual
 * shift's start, else 09:00.
 */
export function readCell(text: string, usualStart = '09:00'): CellReading {
  let rest = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (rest === '') return { kind: 'empty' };
  let breakDuration = 0;
  const breakMatch = BREAK.exec(rest);
  if (breakMatch) {
    const minutes = readBreak(breakMatch);
    if (minutes === null) return { kind: 'invalid', message: cellMessages.breakText };
    breakDuration = minutes;
    rest = rest.slice(0, breakMatch.index).trim();
  } else if (/(?:^|\s|(?<=\d))b/.test(rest)) {
    return { kind: 'invalid', message: cellMessages.breakText };
  }

  let start: number;
  let end: number;
  const range = RANGE.exec(rest);
  const hours = HOURS.exec(rest);
  if (hours) {
    const minutes = number(hours[1]!) * 60;
    if (!Number.isInteger(minutes) || minutes < 15 || minutes > 1425) {
      return { kind: 'invalid', message: cellMessages.hours };
    }
    start = parseTime(usualStart) ?? 540;
    end = (start + minutes) % 1440;
  } else if (range) {
    const from = readSide(range[1]!);
    const to = readSide(range[2]!);
    if (from === null || to === null) {
      const readable = TIME.test(range[1]!) && TIME.test(range[2]!);
      return { kind: 'invalid', message: readable ? cellMessages.time : cellMessages.unreadable };
    }
    [start, end] = readRange(from, to);
  } else {
    return { kind: 'invalid', message: cellMessages.unreadable };
  }

  const shift = { startTime: formatTime24(start), endTime: formatTime24(end), breakDuration };
  const worked = shiftMinutes(shift);
  if (!worked.ok) {
    return {
      kind: 'invalid',
      message:
        worked.field === 'breakDuration' ? cellMessages.breakTooLong : cellMessages.sameTimes,
    };
  }
  return { kind: 'shift', shift, minutes: worked.minutes };
}

const short = (time: string) => {
  const [hour, minute] = time.slice(0, 5).split(':');
  return minute === '00' ? String(Number(hour)) : `${Number(hour)}:${minute}`;
};

const twelve = (time: string) => {
  const [hour, minute] = time.slice(0, 5).split(':').map(Number) as [number, number];
  const clock =
    minute === 0 ? `${hour % 12 || 12}` : `${hour % 12 || 12}:${String(minute).padStart(2, '0')}`;
  return `${clock}${hour < 12 ? 'am' : 'pm'}`;
};

/**
 * A shift as the grid writes it ("9-17 b30", "22-6:30"): read back, it is the same shift. Where
 * 24-hour text would read otherwise ("9-5" is 09:00–17:00), both ends say am or pm ("9am-5am").
 */
export function cellText({ startTime, endTime, breakDuration }: CellShift): string {
  const pause = breakDuration > 0 ? ` b${breakDuration}` : '';
  const plain = `${short(startTime)}-${short(endTime)}${pause}`;
  const reading = readCell(plain);
  const same =
    reading.kind === 'shift' && sameCellShift(reading.shift, { startTime, endTime, breakDuration });
  return same ? plain : `${twelve(startTime)}-${twelve(endTime)}${pause}`;
}

/** Whether two shifts have the same times and break (times as "HH:MM" or "HH:MM:SS"). */
export function sameCellShift(a: CellShift, b: CellShift): boolean {
  return (
    a.startTime.slice(0, 5) === b.startTime.slice(0, 5) &&
    a.endTime.slice(0, 5) === b.endTime.slice(0, 5) &&
    a.breakDuration === b.breakDuration
  );
}
