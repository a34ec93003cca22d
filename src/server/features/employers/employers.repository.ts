import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CreateEmployer,
  Employer,
  UpdateEmployerBody,
} from '../../../shared/schemas/employers.ts';
import type { Db } from '../../db/open.ts';
import { employers, settings, timesheets, workLogs } from '../../db/schema/index.ts';

type EmployerRow = typeof employers.$inferSelect;
type Totals = Pick<
  Employer,
  'totalHours' | 'totalEarnings' | 'timesheetsSubmitted' | 'lastTimesheetDate'
>;

const noTotals: Totals = {
  totalHours: '0.0',
  totalEarnings: '0.00',
  timesheetsSubmitted: 0,
  lastTimesheetDate: null,
};

function toEmployer(row: EmployerRow, totals: Totals = noTotals): Employer {
  return {
    ...row,
    ...totals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Totals per employer, derived from its work logs with the same rules as src/shared/domain:
 * per log, minutes = end − start (+24 h overnight) − break, rounded to the user's step (halves
 * up), then to tenths of an hour (halves up); earnings = tenths × rate / 10, to the cent
 * (halves up); totals are sums of those rows.
 */
async function totalsByEmployer(db: Db, userId: number, employerId?: number) {
  const rows = await db.execute<{
    employer_id: number;
    tenths: string;
    cents: string;
    submitted: number;
    last_date: string | null;
  }>(sql`
    with step as (
      select coalesce(
        (select case round_time when 'none' then 1 else round_time::text::int end
           from ${settings} where user_id = ${userId}), 1) as minutes
    ),
    logs as (
      select l.employer_id,
             (extract(epoch from (l.end_time - l.start_time)) / 60)::int
               + case when l.end_time < l.start_time then 1440 else 0 end
               - l.break_duration as minutes,
             (case when l.hourly_rate_at_time > 0 then l.hourly_rate_at_time
                   else e.hourly_rate end * 100)::bigint as rate_cents
        from ${workLogs} l join ${employers} e on e.id = l.employer_id
       where l.user_id = ${userId} ${employerId ? sql`and l.employer_id = ${employerId}` : sql``}
    ),
    rounded as (
      select l.employer_id, l.rate_cents,
             floor(floor(l.minutes::numeric / s.minutes + 0.5) * s.minutes / 6.0 + 0.5)::bigint as tenths
        from logs l cross join step s
    ),
    log_totals as (
      select employer_id, sum(tenths) as tenths, sum((tenths * rate_cents + 5) / 10) as cents
        from rounded group by employer_id
    ),
    sheet_totals as (
      select employer_id, count(*)::int as submitted, max(end_date)::text as last_date
        from ${timesheets}
       where user_id = ${userId} and status <> 'upcoming'
       group by employer_id
    )
    select coalesce(l.employer_id, s.employer_id) as employer_id,
           coalesce(l.tenths, 0)::text as tenths, coalesce(l.cents, 0)::text as cents,
           coalesce(s.submitted, 0) as submitted, s.last_date
      from log_totals l full join sheet_totals s on s.employer_id = l.employer_id`);
  const byEmployer = new Map<number, Totals>();
  for (const r of rows.rows) {
    const tenths = BigInt(r.tenths);
    const cents = BigInt(r.cents);
    byEmployer.set(Number(r.employer_id), {
      totalHours: `${tenths / 10n}.${tenths % 10n}`,
      totalEarnings: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
      timesheetsSubmitted: r.submitted,
      lastTimesheetDate: r.last_date,
    });
  }
  return byEmployer;
}

export async function listEmployers(db: Db, userId: number): Promise<Employer[]> {
  const [rows, totals] = await Promise.all([
    db.select().from(employers).where(eq(employers.userId, userId)).orderBy(asc(employers.id)),
    totalsByEmployer(db, userId),
  ]);
  return rows.map((row) => toEmployer(row, totals.get(row.id)));
}

export async function findEmployer(
  db: Db,
  userId: number,
  id: number,
): Promise<Employer | undefined> {
  const [row] = await db
    .select()
    .from(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)));
  if (!row) return undefined;
  const totals = await totalsByEmployer(db, userId, id);
  return toEmployer(row, totals.get(id));
}

export async function createEmployer(
  db: Db,
  userId: number,
  input: CreateEmployer,
): Promise<Employer> {
  const [row] = await db
    .insert(employers)
    .values({ ...input, userId })
    .returning();
  return toEmployer(row!);
}

export async function updateEmployer(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployerBody,
): Promise<Employer | undefined> {
  const [row] = await db
    .update(employers)
    .set(changes as Partial<EmployerRow>)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)))
    .returning({ id: employers.id });
  return row ? findEmployer(db, userId, id) : undefined;
}

/** Its work logs and timesheets go with it (ON DELETE CASCADE, in the same statement). */
export async function deleteEmployer(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)))
    .returning({ id: employers.id });
  return rows.length > 0;
}
