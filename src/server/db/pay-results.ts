// Each work log stores what the pay engine computed for it, and the tax its gross falls under, so
// SQL only ever sums pay (decision 035). Every write that changes a shift, an employer's rules or its rates calls
// recomputePay in its own transaction. Each shift is paid by the version of its employer's rules
// in effect on its date (decision 036).
import { type SQL, sql } from 'drizzle-orm';
import type { TaxCalculation } from '../../shared/domain/earnings.ts';
import type {
  PayPrecision,
  PayShift,
  RoundingDirection,
  RoundingStep,
} from '../../shared/domain/pay-engine.ts';
import { payByVersion, type RuleVersion } from '../../shared/domain/pay-rule-versions.ts';
import type { Db, Tx } from './open.ts';
import { transaction } from './transaction.ts';

/** Raised when the engine's rules change, so start-up recomputes every stored result. */
export const PAY_VERSION = 2;

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
}

interface VersionRow extends Record<string, unknown> {
  employerId: number;
  effectiveFrom: string | null;
  rateCents: string;
  roundingStep: RoundingStep;
  roundingDirection: RoundingDirection;
  payPrecision: PayPrecision;
  taxMethod: TaxCalculation;
  taxBasisPoints: string;
}

export type PayScope = { employerIds: readonly number[] } | { logIds: readonly number[] };

/**
 * The versions of the employers' rules, oldest first. An employer without any (a row written
 * around the API) is paid by its own columns from the beginning.
 */
export async function ruleVersionsOf(
  db: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<Map<number, RuleVersion[]>> {
  const { rows } = await db.execute<VersionRow>(sql`
    select e.id as "employerId", r.effective_from::text as "effectiveFrom",
           (coalesce(r.rate, e.hourly_rate) * 100)::bigint::text as "rateCents",
           coalesce(r.rounding_step, e.rounding_step) as "roundingStep",
           coalesce(r.rounding_direction, e.rounding_direction) as "roundingDirection",
           coalesce(r.pay_precision, e.pay_precision) as "payPrecision",
           coalesce(r.tax_method, e.tax_method) as "taxMethod",
           (coalesce(r.tax_rate, e.tax_rate) * 100)::int::text as "taxBasisPoints"
      from employers e
      left join employer_pay_rules r on r.employer_id = e.id and r.user_id = e.user_id
     where e.user_id = ${userId} and e.id = any(${sql.param([...employerIds])}::int[])
     order by e.id, r.effective_from nulls first`);
  const byEmployer = new Map<number, RuleVersion[]>();
  for (const row of rows) {
    const version: RuleVersion = {
      effectiveFrom: row.effectiveFrom,
      rateCents: Number(row.rateCents),
      roundingStep: row.roundingStep,
      roundingDirection: row.roundingDirection,
      payPrecision: row.payPrecision,
      taxMethod: row.taxMethod,
      taxBasisPoints: Number(row.taxBasisPoints),
    };
    const list = byEmployer.get(row.employerId);
    if (list) list.push(version);
    else byEmployer.set(row.employerId, [version]);
  }
  return byEmployer;
}

export interface StoredShift extends PayShift {
  employerId: number;
}

/** The user's logs in scope as the engine takes them, by employer. */
export async function shiftsInScope(db: Executor, userId: number, scope: PayScope) {
  const filter: SQL =
    'employerIds' in scope
      ? sql`l.employer_id = any(${sql.param([...scope.employerIds])}::int[])`
      : sql`l.id = any(${sql.param([...scope.logIds])}::int[])`;
  const { rows } = await db.execute<LogRow>(sql`
    select l.id, l.employer_id as "employerId", l.date::text as "date",
           to_char(l.start_time, 'HH24:MI') as "startTime",
           to_char(l.end_time, 'HH24:MI') as "endTime",
           l.break_duration as "breakDuration", l.time_zone as "timeZone",
           (l.hourly_rate_at_time * 100)::bigint::text as "ownRateCents"
      from work_logs l
     where l.user_id = ${userId} and ${filter}
     order by l.employer_id, l.id`);
  const byEmployer = new Map<number, StoredShift[]>();
  for (const row of rows) {
    const shift: StoredShift = {
      id: row.id,
      employerId: row.employerId,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      breakDuration: row.breakDuration,
      timeZone: row.timeZone,
      ownRateCents: Number(row.ownRateCents),
    };
    const entry = byEmployer.get(row.employerId);
    if (entry) entry.push(shift);
    else byEmployer.set(row.employerId, [shift]);
  }
  return byEmployer;
}

/** Recomputes and stores the figures of the user's logs in scope; returns how many it wrote. */
export async function recomputePay(db: Executor, userId: number, scope: PayScope): Promise<number> {
  const byEmployer = await shiftsInScope(db, userId, scope);
  if (byEmployer.size === 0) return 0;
  const versions = await ruleVersionsOf(db, userId, [...byEmployer.keys()]);
  const out = {
    id: [] as number[],
    worked: [] as number[],
    paid: [] as number[],
    tenths: [] as number[],
    rate: [] as number[],
    pay: [] as number[],
    taxMethod: [] as TaxCalculation[],
    taxBasisPoints: [] as number[],
  };
  for (const [employerId, shifts] of byEmployer) {
    for (const shift of payByVersion(shifts, versions.get(employerId) ?? [], 'stored')) {
      out.id.push(shift.id);
      out.worked.push(shift.workedMinutes);
      out.paid.push(shift.paidMinutes);
      out.tenths.push(shift.tenths);
      out.rate.push(shift.rateCents);
      out.pay.push(shift.payCents);
      out.taxMethod.push(shift.taxMethod);
      out.taxBasisPoints.push(shift.taxBasisPoints);
    }
  }
  // Arrays, not a VALUES list: one statement and eight parameters however many logs there are.
  const updated = await db.execute(sql`
    update work_logs l
       set pay_worked_minutes = v.worked, pay_minutes = v.paid, pay_tenths = v.tenths,
           pay_rate_cents = v.rate, pay_cents = v.pay, pay_tax_method = v.tax_method,
           pay_tax_basis_points = v.tax_bp, pay_version = ${PAY_VERSION}
      from unnest(${sql.param(out.id)}::int[], ${sql.param(out.worked)}::int[],
                  ${sql.param(out.paid)}::int[], ${sql.param(out.tenths)}::int[],
                  ${sql.param(out.rate)}::bigint[], ${sql.param(out.pay)}::bigint[],
                  ${sql.param(out.taxMethod)}::tax_calculation[],
                  ${sql.param(out.taxBasisPoints)}::int[])
           as v(id, worked, paid, tenths, rate, pay, tax_method, tax_bp)
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
