import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type DistanceUnit, mileageCents, parseScaled } from '../../../shared/domain/expenses.ts';
import { toHundredths } from '../../../shared/domain/pay-text.ts';
import type { StoredExtraLine } from '../../../shared/domain/stored-lines.ts';
import type { Timesheet } from '../../../shared/schemas/timesheets.ts';
import type { Executor } from '../../db/open.ts';
import { employers, timesheetDocuments, timesheets, workLogs } from '../../db/schema/index.ts';
import type { ReportExpense, ReportRow } from './report-model.ts';

export type NewTimesheet = Omit<
  typeof timesheets.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
export type NewDocument = Omit<typeof timesheetDocuments.$inferInsert, 'timesheetId' | 'userId'>;

export const downloadUrlOf = (id: number) => `/api/timesheets/${id}/download`;

/** Locked against deletion until the generation commits (FOR KEY SHARE), like a work-log save. */
export async function findReportEmployer(db: Executor, userId: number, employerId: number) {
  const [row] = await db
    .select({
      id: employers.id,
      name: employers.name,
      contactEmail: employers.contactEmail,
      phone: employers.phone,
      address: employers.address,
      taxRate: employers.taxRate,
      taxMethod: employers.taxMethod,
      roundingStep: employers.roundingStep,
      roundingDirection: employers.roundingDirection,
      payPrecision: employers.payPrecision,
      brandColor: employers.brandColor,
      timesheetSchedule: employers.timesheetSchedule,
      payAnchorDate: employers.payAnchorDate,
      payStartDays: employers.payStartDays,
      paydayDays: employers.paydayDays,
      paydayWeekday: employers.paydayWeekday,
    })
    .from(employers)
    .where(and(eq(employers.id, employerId), eq(employers.userId, userId)))
    .for('key share');
  return row;
}
export type ReportEmployer = NonNullable<Awaited<ReturnType<typeof findReportEmployer>>>;

/** Overnight shifts count on their start day; figures as the pay engine stored them (db/pay-results.ts). */
export async function reportRows(
  db: Executor,
  userId: number,
  employerId: number,
  range: { from: string; to: string },
): Promise<ReportRow[]> {
  const result = await db.execute<{
    date: string;
    start_time: string;
    end_time: string;
    break_duration: number;
    department: string | null;
    note: string | null;
    worked: number;
    paid: number;
    tenths: number;
    rate_cents: string;
    cents: string;
    base_cents: string | null;
    premium_cents: string;
    overtime_cents: string;
    lines: StoredExtraLine[] | null;
    distance: string | null;
    mileage_rate: string | null;
    distance_unit: DistanceUnit | null;
    expense_amount: string;
    expense_note: string | null;
  }>(sql`
    select l.date::text as date, to_char(l.start_time, 'HH24:MI') as start_time,
           to_char(l.end_time, 'HH24:MI') as end_time, l.break_duration, l.department, l.note,
           coalesce(l.pay_worked_minutes, 0) as worked, coalesce(l.pay_minutes, 0) as paid,
           coalesce(l.pay_tenths, 0) as tenths, coalesce(l.pay_rate_cents, 0)::text as rate_cents,
           coalesce(l.pay_cents, 0)::text as cents, l.pay_base_cents::text as base_cents,
           coalesce(l.pay_premium_cents, 0)::text as premium_cents,
           coalesce(l.pay_overtime_cents, 0)::text as overtime_cents, l.pay_lines as lines,
           l.distance::text as distance, l.mileage_rate_at_time::text as mileage_rate,
           l.distance_unit, l.expense_amount::text as expense_amount, l.expense_note
      from ${workLogs} l
     where l.user_id = ${userId} and l.employer_id = ${employerId}
       and l.date between ${range.from} and ${range.to}
     order by l.date, l.start_time, l.id`);
  return result.rows.map((row) => ({
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
    breakMinutes: row.break_duration,
    department: row.department,
    note: row.note,
    workedMinutes: row.worked,
    paidMinutes: row.paid,
    hundredths: toHundredths(row.paid),
    tenths: row.tenths,
    rateCents: Number(row.rate_cents),
    earningsCents: Number(row.cents),
    premiumCents: Number(row.premium_cents),
    overtimeCents: Number(row.overtime_cents),
    ...(row.base_cents === null ? {} : { regularCents: Number(row.base_cents) }),
    lines: row.lines ?? [],
    expenses: expensesOfRow(row),
  }));
}

/** A shift's mileage and expense amount as the sheet's lines, computed as the save stored them. */
function expensesOfRow(row: {
  date: string;
  distance: string | null;
  mileage_rate: string | null;
  distance_unit: DistanceUnit | null;
  expense_amount: string;
  expense_note: string | null;
}): ReportExpense[] {
  const expenses: ReportExpense[] = [];
  if (row.distance !== null && row.mileage_rate !== null && row.distance_unit !== null) {
    const distanceTenths = parseScaled(row.distance, 1) ?? 0;
    const rateThousandths = parseScaled(row.mileage_rate, 3) ?? 0;
    expenses.push({
      date: row.date,
      mileage: { distanceTenths, rateThousandths, unit: row.distance_unit },
      cents: mileageCents(distanceTenths, rateThousandths),
    });
  }
  const amount = parseScaled(row.expense_amount, 2) ?? 0;
  if (amount > 0) expenses.push({ date: row.date, note: row.expense_note, cents: amount });
  return expenses;
}

/** Same employer, period, format and hash: docs/product/screens.md#timesheet-reports. */
export async function findTwinTimesheet(
  db: Executor,
  userId: number,
  twin: Pick<NewTimesheet, 'employerId' | 'startDate' | 'endDate' | 'format' | 'contentHash'>,
): Promise<number | undefined> {
  if (!twin.format || !twin.contentHash) return undefined;
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.userId, userId),
        eq(timesheets.employerId, twin.employerId),
        eq(timesheets.startDate, twin.startDate),
        eq(timesheets.endDate, twin.endDate),
        eq(timesheets.format, twin.format),
        eq(timesheets.contentHash, twin.contentHash),
      ),
    )
    .orderBy(desc(timesheets.id))
    .limit(1)
    .for('update');
  return row?.id;
}

export async function refreshTimesheet(
  db: Executor,
  userId: number,
  id: number,
  values: NewTimesheet,
  document: NewDocument,
): Promise<void> {
  const { status: _keepStatus, ...snapshot } = values;
  await db
    .update(timesheets)
    .set({ ...snapshot, updatedAt: new Date() })
    .where(and(eq(timesheets.id, id), eq(timesheets.userId, userId)));
  await db
    .insert(timesheetDocuments)
    .values({ ...document, timesheetId: id, userId })
    .onConflictDoUpdate({
      target: timesheetDocuments.timesheetId,
      set: { ...document, createdAt: new Date() },
    });
}

export async function insertTimesheet(
  db: Executor,
  userId: number,
  values: NewTimesheet,
  document: NewDocument,
): Promise<number> {
  const [row] = await db
    .insert(timesheets)
    .values({ ...values, userId })
    .returning({ id: timesheets.id });
  const id = row!.id;
  await db.insert(timesheetDocuments).values({ ...document, timesheetId: id, userId });
  return id;
}

const listColumns = {
  id: timesheets.id,
  employerId: timesheets.employerId,
  employerName: timesheets.employerName,
  startDate: timesheets.startDate,
  endDate: timesheets.endDate,
  dueDate: timesheets.dueDate,
  status: timesheets.status,
  format: timesheets.format,
  totalHours: timesheets.totalHours,
  totalEarnings: timesheets.totalEarnings,
  tax: timesheets.tax,
  totalDue: timesheets.totalDue,
  expenses: timesheets.expenses,
  taxCalculation: timesheets.taxCalculation,
  roundingStep: timesheets.roundingStep,
  roundingDirection: timesheets.roundingDirection,
  payPrecision: timesheets.payPrecision,
  currency: timesheets.currency,
  shifts: timesheets.shifts,
  documentName: timesheets.documentName,
  sentTo: timesheets.sentTo,
  sentAt: timesheets.sentAt,
  createdAt: timesheets.createdAt,
  hasDocument: sql<boolean>`exists (select 1 from ${timesheetDocuments} d
    where d.timesheet_id = ${timesheets.id})`,
};
const selectList = (db: Executor) => db.select(listColumns).from(timesheets);
type ListRow = Awaited<ReturnType<typeof selectList>>[number];

function toTimesheet({ hasDocument, ...row }: ListRow): Timesheet {
  return {
    ...row,
    downloadUrl: hasDocument ? downloadUrlOf(row.id) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findTimesheet(
  db: Executor,
  userId: number,
  id: number,
): Promise<Timesheet | undefined> {
  const [row] = await selectList(db).where(
    and(eq(timesheets.id, id), eq(timesheets.userId, userId)),
  );
  return row && toTimesheet(row);
}

/** The total comes from the same query; only a page past the end needs a second one. */
export async function listTimesheets(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ items: Timesheet[]; total: number }> {
  const rows = await db
    .select({ row: listColumns, total: sql<number>`(count(*) over ())::int` })
    .from(timesheets)
    .where(eq(timesheets.userId, userId))
    .orderBy(desc(timesheets.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) {
    return { items: rows.map((r) => toTimesheet(r.row)), total: rows[0]?.total ?? 0 };
  }
  const [counted] = await db
    .select({ total: count() })
    .from(timesheets)
    .where(eq(timesheets.userId, userId));
  return { items: [], total: counted?.total ?? 0 };
}

export async function findDocument(db: Executor, userId: number, timesheetId: number) {
  const [row] = await db
    .select({
      content: timesheetDocuments.content,
      contentType: timesheetDocuments.contentType,
      fileName: timesheetDocuments.fileName,
    })
    .from(timesheetDocuments)
    .where(
      and(eq(timesheetDocuments.timesheetId, timesheetId), eq(timesheetDocuments.userId, userId)),
    );
  return row;
}

/** A mail that sent it keeps its record without the link. */
export async function deleteTimesheet(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(timesheets)
    .where(and(eq(timesheets.id, id), eq(timesheets.userId, userId)))
    .returning({ id: timesheets.id });
  return rows.length > 0;
}

export async function activeEmployers(db: Executor, userId: number) {
  return db
    .select({
      id: employers.id,
      name: employers.name,
      brandColor: employers.brandColor,
      timesheetSchedule: employers.timesheetSchedule,
      payAnchorDate: employers.payAnchorDate,
      payStartDays: employers.payStartDays,
      paydayDays: employers.paydayDays,
      paydayWeekday: employers.paydayWeekday,
    })
    .from(employers)
    .where(and(eq(employers.userId, userId), eq(employers.isActive, true)));
}

export async function timesheetRanges(
  db: Executor,
  userId: number,
  employerIds: number[],
  overlapping: { from: string; to: string },
) {
  if (employerIds.length === 0) return [];
  return db
    .select({
      employerId: timesheets.employerId,
      startDate: timesheets.startDate,
      endDate: timesheets.endDate,
    })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.userId, userId),
        inArray(timesheets.employerId, employerIds),
        lte(timesheets.startDate, overlapping.to),
        gte(timesheets.endDate, overlapping.from),
      ),
    );
}
