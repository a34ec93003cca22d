// Closed pay periods lock their shifts (decision 041): no write may add, change, move or delete a
// shift dated in one, nor change the pay stored for one, until the period is reopened.
import { sql } from 'drizzle-orm';
import { formatDisplayDate } from '../../shared/domain/format.ts';
import { AppError } from '../errors.ts';
import type { Db, Tx } from './open.ts';

type Executor = Pick<Db | Tx, 'execute'>;

interface ClosedRow extends Record<string, unknown> {
  employerId: number;
  name: string;
  periodStart: string;
  periodEnd: string;
}

const closedError = (row: ClosedRow) =>
  new AppError(
    'period_closed',
    409,
    `The pay period ${formatDisplayDate(row.periodStart)} – ${formatDisplayDate(row.periodEnd)} at ${row.name} is closed: reopen it to change its shifts.`,
    // Which period, so a screen can offer to reopen it (POST /api/payments/periods/reopen).
    { closedEmployerId: String(row.employerId), closedPeriodStart: row.periodStart },
  );

/** Refuses when any of these employer dates lies in a closed period of that employer. */
export async function assertOpen(
  db: Executor,
  userId: number,
  touched: readonly { employerId: number; date: string }[],
): Promise<void> {
  if (touched.length === 0) return;
  const { rows } = await db.execute<ClosedRow>(sql`
    select e.id as "employerId", e.name, c.period_start::text as "periodStart", c.period_end::text as "periodEnd"
      from unnest(${sql.param(touched.map((t) => t.employerId))}::int[],
                  ${sql.param(touched.map((t) => t.date))}::date[]) as t(employer_id, day)
      join pay_period_closures c
        on c.employer_id = t.employer_id and c.user_id = ${userId} and c.reopened_at is null
       and t.day between c.period_start and c.period_end
      join employers e on e.id = c.employer_id and e.user_id = c.user_id
     order by c.period_start
     limit 1`);
  if (rows[0]) throw closedError(rows[0]);
}

/** Refuses when any of these logs lies in a closed period (their pay would change). */
export async function assertLogsOpen(
  db: Executor,
  userId: number,
  logIds: readonly number[],
): Promise<void> {
  if (logIds.length === 0) return;
  const { rows } = await db.execute<ClosedRow>(sql`
    select e.id as "employerId", e.name, c.period_start::text as "periodStart", c.period_end::text as "periodEnd"
      from work_logs l
      join pay_period_closures c
        on c.employer_id = l.employer_id and c.user_id = l.user_id and c.reopened_at is null
       and l.date between c.period_start and c.period_end
      join employers e on e.id = c.employer_id and e.user_id = c.user_id
     where l.user_id = ${userId} and l.id = any(${sql.param([...logIds])}::int[])
     order by c.period_start
     limit 1`);
  if (rows[0]) throw closedError(rows[0]);
}
