import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { formatHours, formatMoneyString } from '../../../shared/domain/index.ts';
import type { PaymentFileType } from '../../../shared/payment-file.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import type { WorkLog, WorkLogSummary } from '../../../shared/schemas/work-logs.ts';
import type { Executor } from '../../db/open.ts';
import { employers, settings, workLogReceipts, workLogs } from '../../db/schema/index.ts';
import {
  containsPatternSql,
  foldedSql,
  formatHoursText,
  formatMoneyText,
  hoursTextSql,
  isoTextSql,
  moneyTextSql,
} from '../../db/sql-text.ts';

export type WorkLogRow = typeof workLogs.$inferSelect;
export type NewWorkLog = Omit<
  typeof workLogs.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

const employerColumns = {
  id: employers.id,
  name: employers.name,
  hourlyRate: employers.hourlyRate,
  brandColor: employers.brandColor,
  departments: employers.departments,
  isActive: employers.isActive,
  taxRate: employers.taxRate,
};
type EmbeddedEmployer = WorkLog['employer'];

const hhmm = (time: string) => time.slice(0, 5);

/** Hours and earnings are the figures the pay engine stored with the log (db/pay-results.ts). */
function toWorkLog(
  row: WorkLogRow,
  employer: EmbeddedEmployer,
  receipt: ReceiptColumns | null,
): WorkLog {
  const {
    notionPageId: _page,
    notionSyncState,
    notionSyncError,
    notionVersion: _version,
    payWorkedMinutes: _worked,
    payMinutes,
    payTenths,
    payRateCents: _rate,
    payCents,
    payBaseCents: _base,
    payPremiumCents,
    payOvertimeCents,
    payLines,
    payVersion: _payVersion,
    expenseCents,
    ...rest
  } = row;
  return {
    ...rest,
    expenses: formatMoneyString(expenseCents),
    notionSync: {
      state: (notionSyncState ?? 'off') as WorkLog['notionSync']['state'],
      error: notionSyncError,
    },
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    hours: formatHours(payTenths ?? 0),
    paidMinutes: payMinutes ?? 0,
    earnings: formatMoneyString(payCents ?? 0),
    premiumEarnings: formatMoneyString(payPremiumCents ?? 0),
    overtimeEarnings: formatMoneyString(payOvertimeCents ?? 0),
    payLines: payLines ?? [],
    receipt: receipt && {
      name: receipt.name,
      size: receipt.size,
      contentType: receipt.contentType as PaymentFileType,
      createdAt: receipt.createdAt.toISOString(),
    },
    employer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a shift's receipt is, never its bytes. */
const receiptColumns = {
  name: workLogReceipts.fileName,
  size: workLogReceipts.byteSize,
  contentType: workLogReceipts.contentType,
  createdAt: workLogReceipts.createdAt,
};
type ReceiptColumns = { name: string; size: number; contentType: string; createdAt: Date };

/** Built as JSON text by PostgreSQL, so Node passes the bytes on; a test holds it to the domain rules. */
export async function listWorkLogsJson(
  db: Executor,
  userId: number,
  query: ListQuery,
): Promise<string> {
  const where = filterSql(userId, query);
  const order = sql`l.date desc, l.start_time desc, l.id desc`;
  const result = await db.execute<{ body: string }>(sql`
    with picked as (
      select l.*, e.name as employer_name, e.hourly_rate as employer_rate,
             e.brand_color, e.departments as employer_departments, e.is_active as employer_active,
             e.tax_rate as employer_tax_rate
        from ${workLogs} l
        join ${employers} e on e.id = l.employer_id
       where ${where}
       order by ${order}
       ${query.limit !== undefined ? sql`limit ${query.limit}` : sql``}
       ${query.offset !== undefined ? sql`offset ${query.offset}` : sql``}
    )
    select coalesce('[' || string_agg(x.js, ',' order by x.ord) || ']', '[]') as body
      from (
        select row_number() over (order by ${order}) as ord, (select row_to_json(v)::text from (
        select l.id as "id", l.user_id as "userId", l.employer_id as "employerId",
               l.date::text as "date", to_char(l.start_time, 'HH24:MI') as "startTime",
               to_char(l.end_time, 'HH24:MI') as "endTime", l.break_duration as "breakDuration",
               l.hourly_rate_at_time::text as "hourlyRateAtTime", l.department as "department",
               l.note as "note", l.status as "status", ${hoursTextSql(sql`coalesce(l.pay_tenths, 0)`)} as "hours",
               coalesce(l.pay_minutes, 0) as "paidMinutes",
               ${moneyTextSql(sql`coalesce(l.pay_cents, 0)`)} as "earnings",
               ${moneyTextSql(sql`coalesce(l.pay_premium_cents, 0)`)} as "premiumEarnings",
               ${moneyTextSql(sql`coalesce(l.pay_overtime_cents, 0)`)} as "overtimeEarnings",
               coalesce(l.pay_lines, '[]'::jsonb) as "payLines",
               l.manual_premium_ids as "manualPremiumIds",
               l.tips_cash::text as "tipsCash", l.tips_card::text as "tipsCard",
               l.distance::text as "distance", l.mileage_rate_at_time::text as "mileageRateAtTime",
               l.distance_unit as "distanceUnit", l.expense_amount::text as "expenseAmount",
               l.expense_note as "expenseNote", ${moneyTextSql(sql`l.expense_cents`)} as "expenses",
               (select json_build_object('name', r.file_name, 'size', r.byte_size,
                  'contentType', r.content_type, 'createdAt', ${isoTextSql(sql`r.created_at`)})
                  from work_log_receipts r
                 where r.work_log_id = l.id and r.user_id = l.user_id) as "receipt",
               (select row_to_json(emp) from (select l.employer_id as "id", l.employer_name as "name",
                  l.employer_rate::text as "hourlyRate", l.brand_color as "brandColor",
                  l.employer_departments as "departments", l.employer_active as "isActive",
                  l.employer_tax_rate::text as "taxRate") emp) as "employer",
               json_build_object('state', coalesce(l.notion_sync_state, 'off'),
                  'error', l.notion_sync_error) as "notionSync",
               ${isoTextSql(sql`l.created_at`)} as "createdAt",
               ${isoTextSql(sql`l.updated_at`)} as "updatedAt") v) as js
          from picked l
      ) x`);
  return result.rows[0]?.body ?? '[]';
}

function filterSql(userId: number, query: ListQuery): SQL {
  const where: SQL[] = [sql`l.user_id = ${userId}`];
  if (query.employerId) where.push(sql`l.employer_id = ${Number(query.employerId)}`);
  if (query.department) where.push(sql`l.department = ${query.department}`);
  if (query.from) where.push(sql`l.date >= ${query.from}`);
  if (query.to) where.push(sql`l.date <= ${query.to}`);
  if (query.search)
    where.push(sql`${foldedSql(sql`e.name`)} like ${containsPatternSql(query.search)}`);
  return sql.join(where, sql` and `);
}

export async function summarizeWorkLogs(
  db: Executor,
  userId: number,
  query: ListQuery,
): Promise<WorkLogSummary> {
  const result = await db.execute<{
    count: number;
    tenths: string;
    cents: string;
    premium: string;
    overtime: string;
    tips: string;
    expenses: string;
  }>(sql`
    select count(*)::int as count, coalesce(sum(l.pay_tenths), 0)::text as tenths,
           coalesce(sum(l.pay_cents), 0)::text as cents,
           coalesce(sum(l.pay_premium_cents), 0)::text as premium,
           coalesce(sum(l.pay_overtime_cents), 0)::text as overtime,
           coalesce(sum((l.tips_cash + l.tips_card) * 100), 0)::bigint::text as tips,
           coalesce(sum(l.expense_cents), 0)::text as expenses
      from ${workLogs} l join ${employers} e on e.id = l.employer_id
     where ${filterSql(userId, query)}`);
  const row = result.rows[0];
  return {
    count: row?.count ?? 0,
    totalHours: formatHoursText(row?.tenths ?? '0'),
    totalEarnings: formatMoneyText(row?.cents ?? '0'),
    regularEarnings: formatMoneyText(
      String(
        BigInt(row?.cents ?? '0') - BigInt(row?.premium ?? '0') - BigInt(row?.overtime ?? '0'),
      ),
    ),
    premiumEarnings: formatMoneyText(row?.premium ?? '0'),
    overtimeEarnings: formatMoneyText(row?.overtime ?? '0'),
    totalTips: formatMoneyText(row?.tips ?? '0'),
    totalExpenses: formatMoneyText(row?.expenses ?? '0'),
  };
}

type ListQuery = {
  employerId?: number | string | undefined;
  department?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

export async function findWorkLogRow(
  db: Executor,
  userId: number,
  id: number,
  { forUpdate = false } = {},
) {
  const query = db
    .select()
    .from(workLogs)
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findWorkLog(
  db: Executor,
  userId: number,
  id: number,
): Promise<WorkLog | undefined> {
  const [row] = await db
    .select({ log: workLogs, employer: employerColumns, receipt: receiptColumns })
    .from(workLogs)
    .innerJoin(employers, eq(employers.id, workLogs.employerId))
    .leftJoin(
      workLogReceipts,
      and(eq(workLogReceipts.workLogId, workLogs.id), eq(workLogReceipts.userId, workLogs.userId)),
    )
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)));
  if (!row) return undefined;
  return toWorkLog(row.log, row.employer, row.receipt);
}

/** Locked (FOR KEY SHARE): a log saved while its employer is deleted gets 404 or commits first. */
export async function findOwnEmployer(db: Executor, userId: number, employerId: number) {
  const [row] = await db
    .select({
      ...employerColumns,
      mileageRate: employers.mileageRate,
      distanceUnit: employers.distanceUnit,
    })
    .from(employers)
    .where(and(eq(employers.id, employerId), eq(employers.userId, userId)))
    .for('key share');
  return row;
}

/** The zone a new shift's times are read in: the user's, as Settings has it now. */
export async function findUserTimeZone(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: settings.timeZone })
    .from(settings)
    .where(eq(settings.userId, userId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

export async function insertWorkLog(
  db: Executor,
  userId: number,
  values: NewWorkLog,
): Promise<number> {
  const [row] = await db
    .insert(workLogs)
    .values({ ...values, userId })
    .returning({ id: workLogs.id });
  return row!.id;
}

export async function updateWorkLogRow(
  db: Executor,
  userId: number,
  id: number,
  values: Partial<NewWorkLog>,
): Promise<boolean> {
  const rows = await db
    .update(workLogs)
    .set(values)
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)))
    .returning({ id: workLogs.id });
  return rows.length > 0;
}

/** The ids of every premium rule the employer has had, in any version of its rules. */
export async function premiumIdsOf(
  db: Executor,
  userId: number,
  employerId: number,
): Promise<Set<string>> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select distinct p->>'id' as id
      from employer_pay_rules r, jsonb_array_elements(r.premiums) p
     where r.employer_id = ${employerId} and r.user_id = ${userId}`);
  return new Set(rows.map((row) => row.id));
}

/** The user's logs among these ids, locked for the change to come (others' are simply absent). */
export async function findWorkLogRowsForUpdate(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<WorkLogRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(workLogs)
    .where(and(eq(workLogs.userId, userId), inArray(workLogs.id, [...ids])))
    .orderBy(workLogs.id)
    .for('update');
}

/** A shift whose expense amount is gone keeps no receipt for it. */
export async function dropReceiptWithoutExpense(
  tx: Executor,
  userId: number,
  workLogId: number,
): Promise<void> {
  await tx.execute(sql`
    delete from work_log_receipts r
     using work_logs l
     where r.work_log_id = ${workLogId} and r.user_id = ${userId}
       and l.id = r.work_log_id and l.user_id = r.user_id
       and coalesce(l.expense_amount, 0) = 0`);
}
