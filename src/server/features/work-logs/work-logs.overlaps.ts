import { type SQL, sql } from 'drizzle-orm';
import { formatDisplayDate, formatTimeRange } from '../../../shared/domain/index.ts';
import type { TimeFormat } from '../../../shared/domain/time.ts';
import type { Executor } from '../../db/open.ts';
import { settings, workLogs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type ShiftSpan = { employerId: number; date: string; startTime: string; endTime: string };
type OtherShift = { date: string; startTime: string; endTime: string };

/** A shift's end as a timestamp: an end at or before the start is on the next day. */
const endAt = (date: SQL, start: SQL, end: SQL) =>
  sql`(${date} + ${end} + case when ${end} <= ${start} then interval '1 day' else interval '0' end)`;

/** Touching ends do not overlap; checks of one employer take turns under a lock (decision 027). */
export async function findOverlappingShift(
  db: Executor,
  userId: number,
  shift: ShiftSpan,
  exceptId?: number,
  /** Only shifts saved after this time (a restore is refused only by what is newer). */
  savedAfter?: string,
): Promise<OtherShift | undefined> {
  const [date, start, end] = [
    sql`${shift.date}::date`,
    sql`${shift.startTime}::time`,
    sql`${shift.endTime}::time`,
  ];
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(
    ${`work-log-overlap:${shift.employerId}`}, 0))`);
  const result = await db.execute<OtherShift>(sql`
    select l.date::text as "date", to_char(l.start_time, 'HH24:MI') as "startTime",
           to_char(l.end_time, 'HH24:MI') as "endTime"
      from ${workLogs} l
     where l.user_id = ${userId} and l.employer_id = ${shift.employerId}
       and l.date between ${date} - 1 and ${date} + 1
       ${exceptId === undefined ? sql`` : sql`and l.id <> ${exceptId}`}
       ${savedAfter === undefined ? sql`` : sql`and l.updated_at > ${savedAfter}::timestamptz`}
       and (l.date + l.start_time) < ${endAt(date, start, end)}
       and (${date} + ${start}) < ${endAt(sql`l.date`, sql`l.start_time`, sql`l.end_time`)}
     order by l.date, l.start_time, l.id
     limit 1`);
  return result.rows[0];
}

async function timeFormatOf(db: Executor, userId: number): Promise<TimeFormat> {
  const result = await db.execute<{ timeFormat: TimeFormat }>(
    sql`select time_format as "timeFormat" from ${settings} where user_id = ${userId}`,
  );
  return result.rows[0]?.timeFormat ?? '12-hour';
}

export async function overlapError(
  db: Executor,
  userId: number,
  employerName: string,
  other: OtherShift,
): Promise<AppError> {
  const times = formatTimeRange(other.startTime, other.endTime, await timeFormatOf(db, userId));
  return new AppError(
    'work_log_overlap',
    409,
    `Your ${employerName} shift on ${formatDisplayDate(other.date)}, ${times} overlaps this one; saving both would bill those hours twice.`,
  );
}
