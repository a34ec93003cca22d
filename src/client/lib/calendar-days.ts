// Short calendar dates for cards and tables: 'Nov 13', 'Oct 28 – Nov 10, 2026'. Calendar days
// read in UTC, so no time zone can move them.
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

/** 'Nov 13'. */
export const formatDay = (date: string) => monthDay.format(at(date));

/** 'Nov 13, 2026'. */
export const formatDayYear = (date: string) => monthDayYear.format(at(date));

/** 'Oct 28 – Nov 10, 2026', or 'Dec 23, 2026 – Jan 5, 2027' across a year. */
export function formatPeriod(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? formatDay(from) : formatDayYear(from)} – ${formatDayYear(to)}`;
}

/** 'Oct 28 – Nov 10': where the year is plain from around it (a payment's periods). */
export const formatPeriodShort = (from: string, to: string) =>
  `${formatDay(from)} – ${formatDay(to)}`;
