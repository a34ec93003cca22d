import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

type LoggedShift = Pick<WorkLog, 'id' | 'employerId' | 'startTime' | 'endTime' | 'createdAt'>;

/** How many of the newest shifts the guess looks at (GET /api/work-logs/recent's most). */
export const SHIFTS_CONSIDERED = 50;

/**
 * docs/product/screens.md#work-logs: the employer logged last (by creation) and its most common
 * start and end, the most recent pair on a tie.
 */
export function newLogDefaults(
  shifts: readonly LoggedShift[],
  choosable: (employerId: number) => boolean,
): { employerId: number; startTime: string; endTime: string } | null {
  const newestFirst = [...shifts].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
  const last = newestFirst[0];
  if (!last || !choosable(last.employerId)) return null;
  const counts = new Map<string, number>();
  let best = { key: '', count: 0 };
  for (const shift of newestFirst) {
    if (shift.employerId !== last.employerId) continue;
    const key = `${shift.startTime.slice(0, 5)}-${shift.endTime.slice(0, 5)}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    // Strictly more: on a tie the pair seen first, the more recent, stays.
    if (count > best.count) best = { key, count };
  }
  const [startTime = '', endTime = ''] = best.key.split('-');
  return { employerId: last.employerId, startTime, endTime };
}
