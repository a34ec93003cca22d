import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  CreateEmployer,
  Employer,
  UpdateEmployer,
} from '../../../shared/schemas/employers.ts';
import type { Executor } from '../../db/open.ts';
import { employerPayRules, employers, timesheets, workLogs } from '../../db/schema/index.ts';
import { formatHoursText, formatMoneyText } from '../../db/sql-text.ts';

type EmployerRow = typeof employers.$inferSelect;
type Totals = Pick<
  Employer,
  'shiftCount' | 'totalHours' | 'totalEarnings' | 'timesheetsSubmitted' | 'lastTimesheetDate'
>;

const noTotals: Totals = {
  shiftCount: 0,
  totalHours: '0.0',
  totalEarnings: '0.00',
  timesheetsSubmitted: 0,
  lastTimesheetDate: null,
};

type PayRuleVersion = Employer['payRules'][number];

/** An employer without stored versions (written around the API) has its columns from the beginning. */
const fromColumns = (row: EmployerRow): PayRuleVersion => ({
  effectiveFrom: null,
  hourlyRate: row.hourlyRate,
  roundingStep: row.roundingStep,
  roundingDirection: row.roundingDirection,
  payPrecision: row.payPrecision,
  taxMethod: row.taxMethod,
  taxRate: row.taxRate,
  overtime: row.overtime,
  premiums: row.premiums,
});

function toEmployer(
  row: EmployerRow,
  totals: Totals = noTotals,
  payRules: PayRuleVersion[] = [],
): Employer {
  const { holidayYears: _, ...shown } = row;
  return {
    ...shown,
    payRules: payRules.length > 0 ? payRules : [fromColumns(row)],
    ...totals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sums of the figures the pay engine stored with each log (db/pay-results.ts). */
async function totalsByEmployer(db: Executor, userId: number, employerId?: number) {
  const rows = await db.execute<{
    employer_id: number;
    shifts: number;
    tenths: string;
    cents: string;
    submitted: number;
    last_date: string | null;
  }>(sql`
    with log_totals as (
      select l.employer_id, count(*)::int as shifts, sum(l.pay_tenths) as tenths,
             sum(l.pay_cents) as cents
        from ${workLogs} l
       where l.user_id = ${userId} ${employerId ? sql`and l.employer_id = ${employerId}` : sql``}
       group by l.employer_id
    ),
    sheet_totals as (
      select employer_id, count(*)::int as submitted, max(end_date)::text as last_date
        from ${timesheets}
       where user_id = ${userId} and status <> 'upcoming'
       group by employer_id
    )
    select coalesce(l.employer_id, s.employer_id) as employer_id,
           coalesce(l.shifts, 0) as shifts, coalesce(l.tenths, 0)::text as tenths, coalesce(l.cents, 0)::text as cents,
           coalesce(s.submitted, 0) as submitted, s.last_date
      from log_totals l full join sheet_totals s on s.employer_id = l.employer_id`);
  const byEmployer = new Map<number, Totals>();
  for (const r of rows.rows) {
    byEmployer.set(Number(r.employer_id), {
      shiftCount: r.shifts,
      totalHours: formatHoursText(r.tenths),
      totalEarnings: formatMoneyText(r.cents),
      timesheetsSubmitted: r.submitted,
      lastTimesheetDate: r.last_date,
    });
  }
  return byEmployer;
}

/** Each employer's versions of its rules, oldest first (the one from the beginning leading). */
async function payRulesByEmployer(db: Executor, userId: number, employerId?: number) {
  const rows = await db
    .select()
    .from(employerPayRules)
    .where(
      and(
        eq(employerPayRules.userId, userId),
        employerId === undefined ? undefined : eq(employerPayRules.employerId, employerId),
      ),
    )
    .orderBy(sql`${employerPayRules.effectiveFrom} asc nulls first`);
  const byEmployer = new Map<number, PayRuleVersion[]>();
  for (const row of rows) {
    const list = byEmployer.get(row.employerId) ?? [];
    list.push({
      effectiveFrom: row.effectiveFrom,
      hourlyRate: row.rate,
      roundingStep: row.roundingStep,
      roundingDirection: row.roundingDirection,
      payPrecision: row.payPrecision,
      taxMethod: row.taxMethod,
      taxRate: row.taxRate,
      overtime: row.overtime,
      premiums: row.premiums,
    });
    byEmployer.set(row.employerId, list);
  }
  return byEmployer;
}

export async function listEmployers(db: Executor, userId: number): Promise<Employer[]> {
  const [rows, totals, rules] = await Promise.all([
    db.select().from(employers).where(eq(employers.userId, userId)).orderBy(asc(employers.id)),
    totalsByEmployer(db, userId),
    payRulesByEmployer(db, userId),
  ]);
  return rows.map((row) => toEmployer(row, totals.get(row.id), rules.get(row.id)));
}

export async function findEmployer(
  db: Executor,
  userId: number,
  id: number,
): Promise<Employer | undefined> {
  const [row] = await db
    .select()
    .from(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)));
  if (!row) return undefined;
  const [totals, rules] = await Promise.all([
    totalsByEmployer(db, userId, id),
    payRulesByEmployer(db, userId, id),
  ]);
  return toEmployer(row, totals.get(id), rules.get(id));
}

export async function createEmployer(
  db: Executor,
  userId: number,
  input: CreateEmployer,
): Promise<Employer> {
  // A new employer's pay rules start as the user's settings (decision 035).
  const [row] = await db
    .insert(employers)
    .values({
      ...input,
      userId,
      taxMethod:
        input.taxMethod ??
        sql`coalesce((select tax_calculation from settings where user_id = ${userId}), 'add')`,
      roundingStep:
        input.roundingStep ??
        sql`coalesce((select round_time::text::rounding_step from settings where user_id = ${userId}), 'none')`,
    })
    .returning();
  return toEmployer(row!);
}

export async function updateEmployer(
  db: Executor,
  userId: number,
  id: number,
  changes: Omit<UpdateEmployer, 'applyChange'>,
): Promise<Employer | undefined> {
  const [row] = await db
    .update(employers)
    .set(changes)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)))
    .returning({ id: employers.id });
  return row ? findEmployer(db, userId, id) : undefined;
}

export async function findEmployerNamed(
  db: Executor,
  userId: number,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: employers.id, name: employers.name })
    .from(employers)
    .where(
      and(
        eq(employers.userId, userId),
        sql`hourbook_lower(${employers.name}) = hourbook_lower(${name})`,
        exceptId === undefined ? undefined : ne(employers.id, exceptId),
      ),
    );
  return row;
}

/** Its work logs and timesheets go with it (ON DELETE CASCADE, in the same statement). */
export async function deleteEmployer(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)))
    .returning({ id: employers.id });
  return rows.length > 0;
}
