// The running timer's figures, shared by the server and the client (decision 044). No zod here:
// the app shell's timer control imports it.

/** Left running longer than this, a timer is stopped only with the end typed. */
export const TIMER_UNATTENDED_HOURS = 16;
export const TIMER_UNATTENDED_MS = TIMER_UNATTENDED_HOURS * 60 * 60 * 1000;

export interface TimerTimes {
  /** Instants, ISO 8601. */
  startedAt: string;
  pausedAt: string | null;
  /** Seconds of the pauses already ended. */
  pausedSeconds: number;
}

/** Milliseconds worked so far: since the start, less the pauses (the one in progress too). */
export function timerWorkedMs(timer: TimerTimes, now: number): number {
  const started = Date.parse(timer.startedAt);
  const until = timer.pausedAt ? Date.parse(timer.pausedAt) : now;
  return Math.max(0, until - started - timer.pausedSeconds * 1000);
}

/** Past 16 hours since it started (pauses included): the shift's real end must be asked. */
export const isUnattended = (timer: Pick<TimerTimes, 'startedAt'>, now: number) =>
  now - Date.parse(timer.startedAt) > TIMER_UNATTENDED_MS;
