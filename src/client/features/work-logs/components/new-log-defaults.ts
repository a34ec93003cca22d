import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

type LoggedShift = Pick<WorkLog, 'id' | 'employerId' | 'startTime' | 'endTime' | 'createdAt'> &
  Partial<Pick<WorkLog, 'breakDuration'>>;

/** How many of the newest shifts the guess looks at (GET /api/work-logs/recent's most). */
export const SHIFTS_CONSIDERED = 50;
/** How many of one employer's newest shifts its usual shift is read from (decision 045). */
export const USUAL_SHIFT_WINDOW = 20;

/** An employer's usual shift: its most common start, end and break. */
export type UsualShift = { startTime: string; endTime: string; breakDuration: number };

const newestFirst = <T extends LoggedShift>(shifts: readonly T[]) =>
  [...shifts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);

/**
 * Decision 045: the most frequent (start, end, break) among the employer's 20 most recently
 * logged shifts; on a tie the one logged most recently. Null when it has none.
 */
export function usualShift(shifts: readonly LoggedShift[], employerId: number): UsualShift | null {
  const own = newestFirst(shifts.filter((s) => s.employerId === employerId)).slice(
    0,
    USUAL_SHIFT_WINDOW,
  );
  const counts = new Map<string, number>();
  let best: { shift: UsualShift; count: number } | null = null;
  for (const shift of own) {
    const candidate = {
      startTime: shift.startTime.slice(0, 5),
      endTime: shift.endTime.slice(0, 5),
      breakDuration: shift.breakDuration ?? 0,
    };
    const key = `${candidate.startTime}-${candidate.endTime}-${candidate.breakDuration}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    // Strictly more: on a tie the shift seen first, the more recent, stays.
    if (!best || count > best.count) best = { shift: candidate, count };
  }
  return best?.shift ?? null;
}

/**
 * docs/product/screens.md#work-logs: the employer logged last (by creation) and its usual shift.
 */
export function newLogDefaults(
  shifts: readonly LoggedShift[],
  choosable: (employerId: number) => boolean,
): ({ employerId: number } & UsualShift) | null {
  const last = newestFirst(shifts)[0];
  if (!last || !choosable(last.employerId)) return null;
  const usual = usualShift(shifts, last.employerId);
  return usual && { employerId: last.employerId, ...usual };
}
