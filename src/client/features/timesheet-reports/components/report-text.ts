import { daysBetween } from '../../../../shared/domain/index.ts';

const monthDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** 'Mar 1, 2026'. A calendar day read in UTC, so no zone can shift it. */
export function formatShortDate(date: string): string {
  const instant = at(date);
  return Number.isNaN(instant.getTime()) ? date : monthDayYear.format(instant);
}

/** 'Mar 1 – Mar 7, 2026', or 'Dec 28, 2025 – Jan 3, 2026' across a year. */
export function formatPeriod(startDate: string, endDate: string): string {
  const [start, end] = [at(startDate), at(endDate)];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return `${startDate} – ${endDate}`;
  if (start.getUTCFullYear() === end.getUTCFullYear()) {
    return `${monthDay.format(start)} – ${monthDayYear.format(end)}`;
  }
  return `${monthDayYear.format(start)} – ${monthDayYear.format(end)}`;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** How soon a timesheet is due, from today in the user's zone: 'Due in 3 days', 'Overdue by 1 day'. */
export function dueLabel(today: string, dueDate: string): string {
  const left = daysBetween(today, dueDate);
  if (left === 0) return 'Due today';
  if (left === 1) return 'Due tomorrow';
  if (left > 1) return `Due in ${days(left)}`;
  return `Overdue by ${days(-left)}`;
}
