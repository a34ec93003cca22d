// The shift a stopped timer becomes (decision 044): its instants as wall-clock times in the
// user's zone, to the nearest minute, as the work-log dialog would have them typed.
import { offsetAt } from '../../../shared/domain/elapsed.ts';
import { formatTime24 } from '../../../shared/domain/time.ts';
import { TIMER_UNATTENDED_HOURS, TIMER_UNATTENDED_MS } from '../../../shared/domain/timer.ts';
import { AppError } from '../../errors.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 1440;
/** A typed end may be this far ahead of the server's clock (a device's clock runs a little fast). */
const FUTURE_LEEWAY_MS = MINUTE;

export interface RunningTimer {
  employerId: number;
  department: string | null;
  startedAt: Date;
  pausedAt: Date | null;
  pausedSeconds: number;
}

export interface StopChoices {
  endedAt?: Date | undefined;
  breakMinutes?: number | undefined;
}

export interface TimerShift {
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
}

const refuse = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });

export const TOO_SHORT_MESSAGE =
  'The timer ran for less than a minute: discard it instead of saving a shift';

/** Wall-clock date and minute of the day of an instant (whole minutes since 1970) in a zone. */
export function wallClockOf(epochMinutes: number, timeZone: string) {
  const wall = epochMinutes + offsetAt(epochMinutes, timeZone);
  const day = Math.floor(wall / DAY_MINUTES);
  return {
    date: new Date(day * DAY_MINUTES * MINUTE).toISOString().slice(0, 10),
    minute: wall - day * DAY_MINUTES,
  };
}

/** When the shift ends: the typed end, else the start of a pause in progress, else now. */
export function timerEnd(timer: RunningTimer, choices: StopChoices, now: Date): Date {
  if (choices.endedAt) {
    if (choices.endedAt.getTime() <= timer.startedAt.getTime()) {
      throw refuse('endedAt', 'The end must be after the timer started');
    }
    if (choices.endedAt.getTime() > now.getTime() + FUTURE_LEEWAY_MS) {
      throw refuse('endedAt', 'The end cannot be in the future');
    }
    return choices.endedAt;
  }
  if (now.getTime() - timer.startedAt.getTime() > TIMER_UNATTENDED_MS) {
    throw refuse(
      'endedAt',
      `The timer has been running for more than ${TIMER_UNATTENDED_HOURS} hours: say when the shift really ended`,
    );
  }
  return timer.pausedAt ?? now;
}

/** Seconds paused before `end`: the pauses ended, and the one in progress up to the end. */
export function pausedSecondsUntil(timer: RunningTimer, end: Date): number {
  const running =
    timer.pausedAt && timer.pausedAt.getTime() < end.getTime()
      ? Math.floor((end.getTime() - timer.pausedAt.getTime()) / 1000)
      : 0;
  return timer.pausedSeconds + running;
}

/** Worked less than a minute (start to end, pauses included): nothing worth a shift. */
export const isUnderAMinute = (timer: RunningTimer, end: Date) =>
  end.getTime() - timer.startedAt.getTime() < MINUTE;

/**
 * The shift's date, times and break. Refuses a run under a minute and one of a day or more (a
 * shift's wall-clock times cannot say it); the work-log save checks the rest.
 */
export function timerShift(
  timer: RunningTimer,
  choices: StopChoices,
  now: Date,
  timeZone: string,
): TimerShift {
  const end = timerEnd(timer, choices, now);
  if (isUnderAMinute(timer, end)) throw refuse('endedAt', TOO_SHORT_MESSAGE);
  const startMinute = Math.round(timer.startedAt.getTime() / MINUTE);
  const endMinute = Math.round(end.getTime() / MINUTE);
  if (endMinute - startMinute >= DAY_MINUTES) {
    throw refuse('endedAt', 'A shift must be shorter than 24 hours: choose an earlier end');
  }
  const start = wallClockOf(startMinute, timeZone);
  const finish = wallClockOf(endMinute, timeZone);
  return {
    date: start.date,
    startTime: formatTime24(start.minute),
    endTime: formatTime24(finish.minute),
    breakDuration: choices.breakMinutes ?? Math.round(pausedSecondsUntil(timer, end) / 60),
  };
}
