import { and, eq, sql } from 'drizzle-orm';
import type { TaxCalculation } from '../../../shared/domain/earnings.ts';
import type { DateRange } from '../../../shared/domain/index.ts';
import type { brandColors } from '../../../shared/schemas/enums.ts';
import type { Executor } from '../../db/open.ts';
import { employers, workLogs } from '../../db/schema/index.ts';

/**
 * The figures the pay engine stored with each log (db/pay-results.ts), as the list shows them,
 * with the tax of the version that paid it.
 */
const pricedLogs = (userId: number, range: DateRange) => sql`
  select l.employer_id, l.date,
         coalesce(l.pay_tax_basis_points, (e.tax_rate * 100)::int) as tax_bp,
         coalesce(l.pay_tax_method, e.tax_method) as tax_method,
         coalesce(l.pay_tenths, 0) as tenths, coalesce(l.pay_cents, 0) as cents,
         (l.tips_cash + l.tips_card) * 100 as tips_cents, l.expense_cents
    from ${workLogs} l join ${employers} e on e.id = l.employer_id
   where l.user_id = ${userId} and l.date between ${range.from} and ${range.to}`;

export interface EmployerPeriodTotals {
  employerId: number;
  /** The tax its logs fall under (a change of tax on a date splits an employer in two). */
  taxBasisPoints: number;
  taxMethod: TaxCalculation;
  /** true: the current period; false: the one before. */
  current: boolean;
  shifts: number;
  tenths: number;
  cents: number;
  /** Tips (cash and card: income, never billed) and expenses paid back, decision 042. */
  tipsCents: number;
  expenseCents: number;
}

export async function periodTotals(
  db: Executor,
  userId: number,
  current: DateRange,
  previous: DateRange,
): Promise<EmployerPeriodTotals[]> {
  const result = await db.execute<{
    employer_id: number;
    tax_bp: number;
    tax_method: TaxCalculation;
    current: boolean;
    shifts: number;
    tenths: string;
    cents: string;
    tips: string;
    expenses: string;
  }>(sql`
    select p.employer_id, p.tax_bp, p.tax_method, p.current,
           count(*)::int as shifts, sum(p.tenths)::text as tenths, sum(p.cents)::text as cents,
           sum(p.tips_cents)::bigint::text as tips, sum(p.expense_cents)::text as expenses
      from (select q.*, q.date >= ${current.from}::date as current
              from (${pricedLogs(userId, { from: previous.from, to: current.to })}) q) p
     group by p.employer_id, p.tax_bp, p.tax_method, p.current`);
  return result.rows.map((r) => ({
    employerId: Number(r.employer_id),
    taxBasisPoints: Number(r.tax_bp),
    taxMethod: r.tax_method,
    current: r.current,
    shifts: r.shifts,
    tenths: Number(r.tenths),
    cents: Number(r.cents),
    tipsCents: Number(r.tips),
    expenseCents: Number(r.expenses),
  }));
}

export async function hoursByDay(db: Executor, userId: number, range: DateRange) {
  const result = await db.execute<{
    employer_id: number;
    date: string;
    tenths: string;
    cents: string;
  }>(sql`
    select p.employer_id, p.date::text as date, sum(p.tenths)::text as tenths,
           sum(p.cents)::text as cents
      from (${pricedLogs(userId, range)}) p
     group by p.employer_id, p.date
     order by p.date, p.employer_id`);
  return result.rows.map((r) => ({
    employerId: Number(r.employer_id),
    date: r.date,
    tenths: Number(r.tenths),
    cents: Number(r.cents),
  }));
}

export async function countActiveEmployers(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employers)
    .where(and(eq(employers.userId, userId), eq(employers.isActive, true)));
  return row?.n ?? 0;
}

export async function employerNames(
  db: Executor,
  userId: number,
): Promise<Map<number, { name: string; brandColor: (typeof brandColors)[number] }>> {
  const rows = await db
    .select({ id: employers.id, name: employers.name, brandColor: employers.brandColor })
    .from(employers)
    .where(eq(employers.userId, userId));
  return new Map(rows.map((r) => [r.id, { name: r.name, brandColor: r.brandColor }]));
}

export async function activeEmployerNames(db: Executor, userId: number) {
  return db
    .select({ id: employers.id, name: employers.name, brandColor: employers.brandColor })
    .from(employers)
    .where(and(eq(employers.userId, userId), eq(employers.isActive, true)))
    .orderBy(employers.name, employers.id);
}
