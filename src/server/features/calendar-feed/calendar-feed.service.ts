// The private calendar feed (decision 047): a URL whose secret is the only credential, listing
// the user's shifts and paydays for calendar apps that subscribe to it.
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  dateParts,
  daysInMonth,
  formatDate,
  todayIn,
} from '../../../shared/domain/dates.ts';
import { wallToInstant } from '../../../shared/domain/elapsed.ts';
import {
  nextPayPeriod,
  payCalendarOf,
  paydayOf,
  payPeriodOf,
} from '../../../shared/domain/pay-periods.ts';
import {
  CALENDAR_FEED_WINDOW,
  type CalendarFeedState,
  type CreatedCalendarFeed,
} from '../../../shared/schemas/calendar-feed.ts';
import type { timesheetSchedules } from '../../../shared/schemas/enums.ts';
import type { Db, Executor } from '../../db/open.ts';
import { calendarFeeds } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { getSettings } from '../settings/settings.repository.ts';
import { type CalendarEvent, calendarText } from './ical.ts';

export const FEED_NOT_FOUND = 'Calendar feed not found';
const feedNotFound = () => notFound(FEED_NOT_FOUND);

/** 32 random bytes, base64url: 43 characters. */
const SECRET_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

export async function getFeedState(db: Executor, userId: number): Promise<CalendarFeedState> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { feed: row ? { createdAt: row.createdAt.toISOString() } : null };
}

/** Makes the user's feed, or replaces it: the old URL stops working in the same statement. */
export async function createFeed(db: Executor, userId: number): Promise<CreatedCalendarFeed> {
  const secret = randomToken(32);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, secretHash: sha256Hex(secret) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { secretHash: sha256Hex(secret), createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { path: `/api/calendar/${secret}.ics`, createdAt: row!.createdAt.toISOString() };
}

export async function revokeFeed(db: Executor, userId: number): Promise<void> {
  const gone = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  if (gone.length === 0) throw feedNotFound();
}

/** The user whose feed this file name opens; 404 for anything else. */
export async function feedOwner(db: Executor, file: string): Promise<number> {
  const secret = SECRET_PATTERN.exec(file)?.[1];
  if (!secret) throw feedNotFound();
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.secretHash, sha256Hex(secret)));
  if (!row) throw feedNotFound();
  return row.userId;
}

function addMonths(date: string, months: number): string {
  const { year, month, day } = dateParts(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return formatDate(y, m, Math.min(day, daysInMonth(y, m)));
}

export function feedWindow(today: string): { from: string; to: string } {
  return {
    from: addMonths(today, -CALENDAR_FEED_WINDOW.monthsBack),
    to: addMonths(today, CALENDAR_FEED_WINDOW.monthsAhead),
  };
}

interface ShiftRow extends Record<string, unknown> {
  id: number;
  employerId: number;
  employerName: string;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  timeZone: string;
  department: string | null;
  note: string | null;
  updatedAt: Date | string;
}

interface EmployerRow extends Record<string, unknown> {
  id: number;
  name: string;
  isActive: boolean;
  timesheetSchedule: (typeof timesheetSchedules)[number];
  payAnchorDate: string | null;
  payStartDays: number[];
  paydayDays: number;
  paydayWeekday: number | null;
  updatedAt: Date | string;
}

const instantOf = (date: string, time: string, timeZone: string): Date => {
  const result = wallToInstant(date, time.slice(0, 5), timeZone);
  return new Date((result.ok ? result.epochMinutes : result.forward) * 60_000);
};

/** '7.50 h' */
const hoursText = (minutes: number) => `${(minutes / 60).toFixed(2)} h`;

function shiftEvent(row: ShiftRow): CalendarEvent {
  const start = instantOf(row.date, row.startTime, row.timeZone);
  const endDate = row.endTime < row.startTime ? addDays(row.date, 1) : row.date;
  const end = instantOf(endDate, row.endTime, row.timeZone);
  const worked = Math.max(
    0,
    Math.round((end.getTime() - start.getTime()) / 60_000) - row.breakDuration,
  );
  const description = [
    `Break: ${row.breakDuration} min`,
    `Hours: ${hoursText(worked)}`,
    ...(row.note ? ['', row.note] : []),
  ].join('\n');
  return {
    uid: `work-log-${row.id}@hourbook`,
    stamp: new Date(row.updatedAt),
    when: { start, end },
    summary: row.department ? `${row.employerName} · ${row.department}` : row.employerName,
    description,
  };
}

/** Each employer's paydays in the window: active employers', and the rest where they had shifts. */
function paydayEvents(
  employers: EmployerRow[],
  shifts: ShiftRow[],
  window: { from: string; to: string },
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const employer of employers) {
    const calendar = payCalendarOf(employer);
    const worked = shifts.filter((s) => s.employerId === employer.id);
    // Periods paid inside the window start at most a year (a yearly period) plus its payday
    // delay before it.
    let period = payPeriodOf(calendar, addMonths(window.from, -13));
    while (period.from <= window.to) {
      const payday = paydayOf(calendar, period);
      const hadShifts = worked.some((s) => s.date >= period.from && s.date <= period.to);
      if (payday >= window.from && payday <= window.to && (employer.isActive || hadShifts)) {
        events.push({
          uid: `payday-${employer.id}-${period.from}@hourbook`,
          stamp: new Date(employer.updatedAt),
          when: { day: payday, nextDay: addDays(payday, 1) },
          summary: `Payday: ${employer.name}`,
          description: `Pay for ${period.from} to ${period.to}`,
          transparent: true,
        });
      }
      period = nextPayPeriod(calendar, period);
    }
  }
  return events;
}

/** The feed's text: the user's shifts and paydays from 12 months back to 3 months ahead. */
export async function feedText(db: Db, userId: number, now: Date): Promise<string> {
  const settings = await getSettings(db, userId);
  const window = feedWindow(todayIn(settings.timeZone, now));
  const [shifts, employers] = await Promise.all([
    db.execute<ShiftRow>(sql`
      select w.id, w.employer_id as "employerId", e.name as "employerName", w.date::text as date,
             w.start_time::text as "startTime", w.end_time::text as "endTime",
             w.break_duration as "breakDuration", w.time_zone as "timeZone", w.department, w.note,
             w.updated_at as "updatedAt"
        from work_logs w
        join employers e on e.id = w.employer_id and e.user_id = w.user_id
       where w.user_id = ${userId} and w.date between ${window.from} and ${window.to}
       order by w.date, w.start_time, w.id`),
    db.execute<EmployerRow>(sql`
      select id, name, is_active as "isActive", timesheet_schedule as "timesheetSchedule",
             pay_anchor_date::text as "payAnchorDate", pay_start_days as "payStartDays",
             payday_days as "paydayDays", payday_weekday as "paydayWeekday",
             updated_at as "updatedAt"
        from employers
       where user_id = ${userId}
       order by id`),
  ]);
  return calendarText({ name: 'Hourbook shifts', timeZone: settings.timeZone }, [
    ...shifts.rows.map(shiftEvent),
    ...paydayEvents(employers.rows, shifts.rows, window),
  ]);
}
