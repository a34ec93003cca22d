// Each work log stores what the pay engine computed for it, so SQL only ever sums pay
// (decision 035). Every write that changes a shift, an employer's rules or its rates calls
// recomputePay in its own transaction.
import { type SQL, sql } from 'drizzle-orm';
import type { TaxCalculation } from '../../shared/domain/earnings.ts';
import type {
  PayPrecision,
  RoundingDirection,
  RoundingStep,
} from '../../shared/domain/pay-engine.ts';
import { type PayShift, payShifts } from '../../shared/domain/pay-engine.ts';
import type { Db, Tx } from './open.ts';
import { transaction } from './transaction.ts';

/** Raised when the engine's rules change, so start-up recomputes every stored result. */
export const PAY_VERSION = 1;

type Executor = Pick<Db | Tx, 'execute'>;

interface LogRow extends Record<string, unknown> {
  id: number;
  employerId: number;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  timeZone: string;
  ownRateCents: string;
  employerRateCents: string;
  taxMethod: TaxCalculation;
  taxRateBasisPoints: string;
  roundingStep: RoundingStep;
  roundingDirection: RoundingDirection;
  payPrecision: PayPrecision;
}

export type PayScope = { employerIds: readonly number[] } | { logIds: readonly number[] };

/** Recomputes and stores the figures of the user's logs in scope; returns how many it wrote. */
export async function recomputePay(db: Executor, userId: number, scope: PayScope): Promise<number> {
  const filter: SQL =
    'employerIds' in scope
      ? sql`l.employer_id = any(${sql.param([...scope.employerIds])}::int[])`
      : sql`l.id = any(${sql.param([...scope.logIds])}::int[])`;
  const { rows } = await db.execute<LogRow>(sql`
    select l.id, l.employer_id as "employerId", l.date::text as "date",
           to_char(l.start_time, 'HH24:MI') as "startTime",
           to_char(l.end_time, 'HH24:MI') as "endTime",
           l.break_duration as "breakDuration", l.time_zone as "timeZone",
           (l.hourly_rate_at_time * 100)::bigint::text as "ownRateCents",
           (e.hourly_rate * 100)::bigint::text as "employerRateCents",
           e.tax_method as "taxMethod", (e.tax_rate * 100)::int::text as "taxRateBasisPoints",
           e.rounding_step as "roundingStep", e.rounding_direction as "roundingDirection",
           e.pay_precision as "payPrecision"
      from work_logs l
      join employers e on e.id = l.employer_id and e.user_id = l.user_id
     where l.user_id = ${userId} and ${filter}
     order by l.employer_id, l.id`);
  if (rows.length === 0) return 0;

  const byEmployer = new Map<number, LogRow[]>();
  for (const row of rows) {
    const list = byEmployer.get(row.employerId);
    if (list) list.push(row);
    else byEmployer.set(row.employerId, [row]);
  }
  const out = {
    id: [] as number[],
    worked: [] as number[],
    paid: [] as number[],
    tenths: [] as number[],
    rate: [] as number[],
    pay: [] as number[],
  };
  for (const logs of byEmployer.values()) {
    const first = logs[0]!;
    const shifts: PayShift[] = logs.map((log) => ({
      id: log.id,
      date: log.date,
      startTime: log.startTime,
      endTime: log.endTime,
      breakDuration: log.breakDuration,
      timeZone: log.timeZone,
      ownRateCents: Number(log.ownRateCents),
    }));
    const result = payShifts(
      shifts,
      {
        roundingStep: first.roundingStep,
        roundingDirection: first.roundingDirection,
        precision: first.payPrecision,
        taxMethod: first.taxMethod,
        taxBasisPoints: Number(first.taxRateBasisPoints),
        rates: [{ effectiveFrom: null, rateCents: Number(first.employerRateCents) }],
      },
      'stored',
    );
    for (const shift of result.shifts) {
      out.id.push(shift.id);
      out.worked.push(shift.workedMinutes);
      out.paid.push(shift.paidMinutes);
      out.tenths.push(shift.tenths);
      out.rate.push(shift.rateCents);
      out.pay.push(shift.payCents);
    }
  }
  // Arrays, not a VALUES list: one statement and six parameters however many logs there are.
  const updated = await db.execute(sql`
    update work_logs l
       set pay_worked_minutes = v.worked, pay_minutes = v.paid, pay_tenths = v.tenths,
           pay_rate_cents = v.rate, pay_cents = v.pay, pay_version = ${PAY_VERSION}
      from unnest(${sql.param(out.id)}::int[], ${sql.param(out.worked)}::int[],
                  ${sql.param(out.paid)}::int[], ${sql.param(out.tenths)}::int[],
                  ${sql.param(out.rate)}::bigint[], ${sql.param(out.pay)}::bigint[])
           as v(id, worked, paid, tenths, rate, pay)
     where l.id = v.id and l.user_id = ${userId}`);
  return updated.rowCount ?? 0;
}

const BACKFILL_LOCK = 72_027_035;

/**
 * At start-up, after the migrations: every log whose stored figures are missing or from an older
 * engine gets them, one employer at a time, each in its own transaction. Under an advisory lock,
 * so instances starting together do it once.
 */
export async function backfillPayResults(db: Db): Promise<number> {
  const client = await db.$client.connect();
  let written = 0;
  try {
    await client.query('select pg_advisory_lock($1)', [BACKFILL_LOCK]);
    const { rows } = await client.query<{ userId: number; employerId: number }>(
      `select distinct user_id as "userId", employer_id as "employerId" from work_logs
        where pay_version is distinct from $1 order by 1, 2`,
      [PAY_VERSION],
    );
    for (const { userId, employerId } of rows) {
      written += await transaction(db, (tx) =>
        recomputePay(tx, userId, { employerIds: [employerId] }),
      );
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BACKFILL_LOCK]).catch(() => undefined);
    client.release();
  }
  return written;
}
