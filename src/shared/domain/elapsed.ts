// A shift lasts the real time between its start and its end in the user's time zone, so clock
// changes count (docs/product/money.md#worked-minutes).
import { addDays, dateParts } from './dates.ts';
import { formatTime24, parseTime } from './time.ts';

const MINUTE = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function exactOffset(epochMinutes: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(epochMinutes * MINUTE)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day,
    parts.hour,
    parts.minute,
  );
  return Math.round(wall / MINUTE) - epochMinutes;
}

// Per zone and week (7 × 1440 minutes from 1970): the week's offset when it is the same at both
// ends (nearly every week; no zone changes its clocks twice within a week), null when the clocks
// change within it. Intl is slow: ten years of shifts read about 520 weeks, two calls each.
const BUCKET = 7 * 1440;
const bucketOffsets = new Map<string, Map<number, number | null>>();

/** Minutes the zone's clocks are ahead of UTC at an instant (whole minutes since 1970). */
export function offsetAt(epochMinutes: number, timeZone: string): number {
  let buckets = bucketOffsets.get(timeZone);
  if (!buckets) {
    buckets = new Map();
    bucketOffsets.set(timeZone, buckets);
  }
  const bucket = Math.floor(epochMinutes / BUCKET);
  let offset = buckets.get(bucket);
  if (offset === undefined) {
    const first = exactOffset(bucket * BUCKET, timeZone);
    offset = first === exactOffset(bucket * BUCKET + BUCKET - 1, timeZone) ? first : null;
    buckets.set(bucket, offset);
  }
  return offset ?? exactOffset(epochMinutes, timeZone);
}

export type WallInstant =
  | { ok: true; epochMinutes: number }
  /**
   * The clocks jump over this time that night: from `from` they read `to` (both 'HH:MM');
   * `forward` is the instant a clock that kept going would have reached (02:30 → 03:30).
   */
  | { ok: false; from: string; to: string; forward: number };

/** A date's midnight as minutes since 1970 on the wall clock, i.e. as if the zone were UTC. */
function wallMidnight(date: string): number {
  const { year, month, day } = dateParts(date);
  return Date.UTC(year, month - 1, day) / MINUTE;
}

/**
 * The instant a wall-clock time on a date names in a zone. A time the clocks skip is refused
 * with the jump; one they show twice is the first (the earlier instant).
 */
export function wallToInstant(date: string, time: string, timeZone: string): WallInstant {
  const minute = parseTime(time);
  if (minute === null) throw new RangeError(`Not a time: ${time}`);
  return instantOfWall(wallMidnight(date) + minute, timeZone);
}

function instantOfWall(wall: number, timeZone: string): WallInstant {
  // A zone changes its offset at most once in two days: the offsets a day either side are the
  // only ones this wall time can carry.
  const before = offsetAt(wall - 1440, timeZone);
  const after = offsetAt(wall + 1440, timeZone);
  if (before === after) return { ok: true, epochMinutes: wall - before };
  const matches = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first !== undefined) return { ok: true, epochMinutes: first };
  // In the gap: the clocks read `from` (the last minute before the jump + 1) and then `to`.
  const jump = after - before;
  const fromMinute = findJumpMinute(wall - before, jump, timeZone, before);
  return {
    ok: false,
    from: formatTime24(fromMinute),
    to: formatTime24((fromMinute + jump + 1440) % 1440),
    forward: wall - before,
  };
}

/** The wall minute of the day at which the offset changes from `before`, near `instant`. */
function findJumpMinute(instant: number, jump: number, timeZone: string, before: number): number {
  // Binary search over the day around the instant for the first minute with the new offset.
  let low = instant - 1440;
  let high = instant + Math.abs(jump);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(mid, timeZone) === before) low = mid;
    else high = mid;
  }
  const wallMinute = (((high + before) % 1440) + 1440) % 1440;
  return wallMinute;
}

export interface ShiftClock {
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
}

/**
 * 'refuse' a time the clocks skip (new input); 'forward' reads it as a clock that kept going
 * would (shifts stored before clock changes counted, which must still get figures).
 */
export type SkippedTime = 'refuse' | 'forward';

export type ElapsedResult =
  | { ok: true; minutes: number }
  | { ok: false; field: 'startTime' | 'endTime'; message: string };

const spokenDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-08' → 'March 8, 2026', for a message. */
function spokenDate(date: string): string {
  return spokenDateFormat.format(new Date(`${date}T00:00:00Z`));
}

export function clockChangeMessage(
  which: 'Start' | 'End',
  time: string,
  date: string,
  gap: { from: string; to: string },
): string {
  return `${which} time ${time.slice(0, 5)} does not exist on ${spokenDate(date)}: the clocks go forward from ${gap.from} to ${gap.to} that night (a clock change)`;
}

/**
 * Real minutes from start to end. A shift whose end reads earlier than its start ends the next
 * day (as the wall clock says); a start or end the clocks skip is refused naming the change.
 */
export function elapsedMinutes(
  { date, startTime, endTime, timeZone }: ShiftClock,
  skipped: SkippedTime = 'refuse',
): ElapsedResult {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) throw new RangeError('Times must be HH:MM');
  const midnight = wallMidnight(date);
  const nextDay = end < start;
  const from = instantOfWall(midnight + start, timeZone);
  if (!from.ok && skipped === 'refuse') {
    return {
      ok: false,
      field: 'startTime',
      message: clockChangeMessage('Start', startTime, date, from),
    };
  }
  const to = instantOfWall(midnight + end + (nextDay ? 1440 : 0), timeZone);
  if (!to.ok && skipped === 'refuse') {
    const endDate = nextDay ? addDays(date, 1) : date;
    return {
      ok: false,
      field: 'endTime',
      message: clockChangeMessage('End', endTime, endDate, to),
    };
  }
  const instant = (result: WallInstant) => (result.ok ? result.epochMinutes : result.forward);
  return { ok: true, minutes: instant(to) - instant(from) };
}
