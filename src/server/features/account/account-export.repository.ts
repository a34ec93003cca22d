import { asc, eq, sql } from 'drizzle-orm';
import type { AccountExport } from '../../../shared/schemas/account.ts';
import type { Executor } from '../../db/open.ts';
import {
  employerHolidays,
  employerPayRules,
  employerRuleChanges,
  employers,
  profileImages,
  timesheets,
  users,
  workLogs,
} from '../../db/schema/index.ts';
import { hoursTextSql, isoTextSql, moneyTextSql } from '../../db/sql-text.ts';

type Exported = Omit<AccountExport, 'exportedAt' | 'settings'>;

export async function exportedProfile(
  db: Executor,
  userId: number,
): Promise<Exported['profile'] | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      accountId: users.accountId,
      hasProfilePicture: sql<boolean>`exists (select 1 from ${profileImages}
        where ${profileImages.userId} = ${users.id})`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

export async function exportedEmployers(
  db: Executor,
  userId: number,
): Promise<Exported['employers']> {
  const rows = await db
    .select({
      id: employers.id,
      name: employers.name,
      hourlyRate: employers.hourlyRate,
      employmentType: employers.employmentType,
      timesheetSchedule: employers.timesheetSchedule,
      contactEmail: employers.contactEmail,
      phone: employers.phone,
      address: employers.address,
      isActive: employers.isActive,
      departments: employers.departments,
      taxRate: employers.taxRate,
      brandColor: employers.brandColor,
      taxMethod: employers.taxMethod,
      roundingStep: employers.roundingStep,
      roundingDirection: employers.roundingDirection,
      payPrecision: employers.payPrecision,
      overtime: employers.overtime,
      premiums: employers.premiums,
      holidayCountry: employers.holidayCountry,
      holidayRegion: employers.holidayRegion,
      payAnchorDate: employers.payAnchorDate,
      payStartDays: employers.payStartDays,
      paydayDays: employers.paydayDays,
      paydayWeekday: employers.paydayWeekday,
      mileageRate: employers.mileageRate,
      distanceUnit: employers.distanceUnit,
      createdAt: employers.createdAt,
      updatedAt: employers.updatedAt,
    })
    .from(employers)
    .where(eq(employers.userId, userId))
    .orderBy(asc(employers.id));
  const [versions, changes, holidays] = await Promise.all([
    db
      .select()
      .from(employerPayRules)
      .where(eq(employerPayRules.userId, userId))
      .orderBy(sql`${employerPayRules.effectiveFrom} asc nulls first`),
    db
      .select()
      .from(employerRuleChanges)
      .where(eq(employerRuleChanges.userId, userId))
      .orderBy(asc(employerRuleChanges.changedAt), asc(employerRuleChanges.id)),
    db
      .select()
      .from(employerHolidays)
      .where(eq(employerHolidays.userId, userId))
      .orderBy(asc(employerHolidays.date)),
  ]);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rateHistory: versions
      .filter((v) => v.employerId === row.id)
      .map((v) => ({
        effectiveFrom: v.effectiveFrom,
        hourlyRate: v.rate,
        roundingStep: v.roundingStep,
        roundingDirection: v.roundingDirection,
        payPrecision: v.payPrecision,
        taxMethod: v.taxMethod,
        taxRate: v.taxRate,
        overtime: v.overtime,
        premiums: v.premiums,
        createdAt: v.createdAt.toISOString(),
      })),
    holidays: holidays
      .filter((h) => h.employerId === row.id)
      .map((h) => ({ date: h.date, name: h.name, source: h.source, removed: h.removed })),
    ruleChanges: changes
      .filter((c) => c.employerId === row.id)
      .map((c) => ({
        changedAt: c.changedAt.toISOString(),
        field: c.field,
        oldValue: c.oldValue,
        newValue: c.newValue,
        applies: c.applies,
        appliesFrom: c.appliesFrom,
      })),
  }));
}

/** Oldest first; the figures the pay engine stored with each log, as the list shows them. */
export async function exportedWorkLogs(
  db: Executor,
  userId: number,
): Promise<Exported['workLogs']> {
  const result = await db.execute<Exported['workLogs'][number]>(sql`
    select l.id as "id", l.employer_id as "employerId", e.name as "employerName",
           l.date::text as "date", to_char(l.start_time, 'HH24:MI') as "startTime",
           to_char(l.end_time, 'HH24:MI') as "endTime", l.break_duration as "breakMinutes",
           l.time_zone as "timeZone",
           ${hoursTextSql(sql`coalesce(l.pay_tenths, 0)`)} as "hours",
           ${moneyTextSql(sql`coalesce(l.pay_rate_cents, 0)`)} as "hourlyRate",
           ${moneyTextSql(sql`coalesce(l.pay_cents, 0)`)} as "earnings",
           ${moneyTextSql(sql`coalesce(l.pay_premium_cents, 0)`)} as "premiumEarnings",
           ${moneyTextSql(sql`coalesce(l.pay_overtime_cents, 0)`)} as "overtimeEarnings",
           l.manual_premium_ids as "manualPremiumIds",
           l.tips_cash::text as "tipsCash", l.tips_card::text as "tipsCard",
           l.distance::text as "distance", l.mileage_rate_at_time::text as "mileageRate",
           l.distance_unit::text as "distanceUnit", l.expense_amount::text as "expenseAmount",
           l.expense_note as "expenseNote", ${moneyTextSql(sql`l.expense_cents`)} as "expenses",
           (select json_build_object('name', r.file_name, 'contentType', r.content_type,
                                     'size', r.byte_size,
                                     'createdAt', ${isoTextSql(sql`r.created_at`)},
                                     'base64', translate(encode(r.bytes, 'base64'), chr(10), ''))
              from work_log_receipts r
             where r.work_log_id = l.id and r.user_id = l.user_id) as receipt,
           l.department as "department", l.note as "note", l.status::text as "status",
           ${isoTextSql(sql`l.created_at`)} as "createdAt",
           ${isoTextSql(sql`l.updated_at`)} as "updatedAt"
      from ${workLogs} l
      join ${employers} e on e.id = l.employer_id
     where l.user_id = ${userId}
     order by l.date, l.start_time, l.id`);
  return result.rows;
}

/** The documents' metadata; their bytes can be downloaded one by one and stay out. */
export async function exportedTimesheets(
  db: Executor,
  userId: number,
): Promise<Exported['timesheets']> {
  const rows = await db
    .select({
      id: timesheets.id,
      employerId: timesheets.employerId,
      // As it was when the timesheet was made (a snapshot), like every figure below.
      employerName: timesheets.employerName,
      startDate: timesheets.startDate,
      endDate: timesheets.endDate,
      dueDate: timesheets.dueDate,
      status: timesheets.status,
      shifts: timesheets.shifts,
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
      format: timesheets.format,
      documentName: timesheets.documentName,
      sentTo: timesheets.sentTo,
      sentAt: timesheets.sentAt,
      createdAt: timesheets.createdAt,
    })
    .from(timesheets)
    .where(eq(timesheets.userId, userId))
    .orderBy(asc(timesheets.startDate), asc(timesheets.id));
  return rows.map((row) => ({
    ...row,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Oldest first, each with the periods it pays (amounts as exact decimal text) and its pay stub or
 * invoice, bytes and all: unlike a timesheet, nothing else could make it again.
 */
export async function exportedPayments(
  db: Executor,
  userId: number,
): Promise<Exported['payments']> {
  const result = await db.execute<Exported['payments'][number]>(sql`
    select p.id, p.employer_id as "employerId", p.amount::text as amount,
           p.received_on::text as "receivedOn", p.method::text as method, p.reference, p.note,
           coalesce((select json_agg(json_build_object('periodStart', a.period_start::text,
                                                       'periodEnd', a.period_end::text,
                                                       'amount', a.amount::text)
                                     order by a.period_start)
                       from payment_allocations a
                      where a.payment_id = p.id and a.user_id = p.user_id), '[]'::json)
             as allocations,
           (select json_build_object('name', f.file_name, 'contentType', f.content_type,
                                     'size', f.byte_size,
                                     'createdAt', ${isoTextSql(sql`f.created_at`)},
                                     'base64', translate(encode(f.bytes, 'base64'), chr(10), ''))
              from payment_files f
             where f.payment_id = p.id and f.user_id = p.user_id) as file,
           ${isoTextSql(sql`p.created_at`)} as "createdAt",
           ${isoTextSql(sql`p.updated_at`)} as "updatedAt"
      from payments p
     where p.user_id = ${userId}
     order by p.received_on, p.id`);
  return result.rows;
}

/** Every close and reopen of a pay period, oldest first. */
export async function exportedClosedPeriods(
  db: Executor,
  userId: number,
): Promise<Exported['closedPeriods']> {
  const result = await db.execute<Exported['closedPeriods'][number]>(sql`
    select employer_id as "employerId", period_start::text as "periodStart",
           period_end::text as "periodEnd", ${isoTextSql(sql`closed_at`)} as "closedAt",
           case when reopened_at is null then null else ${isoTextSql(sql`reopened_at`)} end
             as "reopenedAt",
           reopen_reason as "reopenReason"
      from pay_period_closures
     where user_id = ${userId}
     order by closed_at, id`);
  return result.rows;
}

/** The running timer, if any: started, paused, and the pauses so far (decision 044). */
export async function exportedRunningTimer(
  db: Executor,
  userId: number,
): Promise<Exported['runningTimer']> {
  const result = await db.execute<NonNullable<Exported['runningTimer']>>(sql`
    select employer_id as "employerId", department, ${isoTextSql(sql`started_at`)} as "startedAt",
           case when paused_at is null then null else ${isoTextSql(sql`paused_at`)} end
             as "pausedAt",
           paused_seconds as "pausedSeconds",
           ${isoTextSql(sql`created_at`)} as "createdAt",
           ${isoTextSql(sql`updated_at`)} as "updatedAt"
      from timers
     where user_id = ${userId}`);
  return result.rows[0] ?? null;
}
