import {
  addDays,
  dateParts,
  dayOfWeek,
  daysInMonth,
  formatDate,
} from '../../../shared/domain/dates.ts';

/** '2026-11' */
export type Month = string;

export const monthOf = (date: string): Month => date.slice(0, 7);

export function shiftMonth(month: Month, by: number): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return formatDate(Math.floor(index / 12), (index % 12) + 1, 1).slice(0, 7);
}

/** The weeks (Sunday to Saturday) that hold the month's days, as dates. */
export function monthWeeks(month: Month): string[][] {
  const first = `${month}-01`;
  const { year, month: m } = dateParts(first);
  const last = formatDate(year, m, daysInMonth(year, m));
  const start = addDays(first, -dayOfWeek(first));
  const end = addDays(last, 6 - dayOfWeek(last));
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

/** The same day of the month in another month, or its last day. */
export function sameDayIn(date: string, month: Month): string {
  const { day } = dateParts(date);
  const { year, month: m } = dateParts(`${month}-01`);
  return formatDate(year, m, Math.min(day, daysInMonth(year, m)));
}

const monthTitleFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 'November 2026' */
export const monthTitle = (month: Month) =>
  monthTitleFormat.format(new Date(`${month}-01T00:00:00Z`));

/** Keys that move the selected day, and by how many days (weeks: 7). */
export function dayStep(key: string, date: string): number | null {
  switch (key) {
    case 'ArrowLeft':
      return -1;
    case 'ArrowRight':
      return 1;
    case 'ArrowUp':
      return -7;
    case 'ArrowDown':
      return 7;
    case 'Home':
      return -dayOfWeek(date);
    case 'End':
      return 6 - dayOfWeek(date);
    default:
      return null;
  }
}
