// Payments received and "was I paid right?" (decision 041): each employer's pay periods with what
// their shifts should pay (the stored figures, taxed as the employer's timesheet taxes them), what
// arrived for them, and what is owed or late. A payment is matched to periods by amount and date
// when that is not in doubt, by hand otherwise.
import { sql } from 'drizzle-orm';
import { todayIn } from '../../../shared/domain/dates.ts';
import type { TaxCalculation } from '../../../shared/domain/earnings.ts';
import {
  autoMatch,
  type LedgerAllocation,
  type LedgerPeriod,
  type LedgerShift,
  ledgerOf,
  statusInWords,
} from '../../../shared/domain/pay-ledger.ts';
import { payCalendarOf, payPeriodOf } from '../../../shared/domain/pay-periods.ts';
import type { StoredExtraLine } from '../../../shared/domain/stored-lines.ts';
import type { PaymentFileType } from '../../../shared/payment-file.ts';
import type { paymentMethods, timesheetSchedules } from '../../../shared/schemas/enums.ts';
import {
  type CreatePayment,
  type Ledger,
  PAYMENT_MESSAGES,
  type Payment,
  type PaymentSaved,
  type PeriodRef,
  type ReopenPeriod,
  type UpdatePayment,
} from '../../../shared/schemas/payments.ts';
import type { Db, Executor } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { getSettings } from '../settings/settings.repository.ts';

const paymentNotFound = () => notFound(PAYMENT_MESSAGES.notFound);
const employerNotFound = () => notFound('Employer not found');
const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });

interface EmployerRow extends Record<string, unknown> {
  id: number;
  name: string;
  brandColor: string;
  isActive: boolean;
  timesheetSchedule: (typeof timesheetSchedules)[number];
  payAnchorDate: string | null;
  payStartDays: number[];
  paydayDays: number;
  paydayWeekday: number | null;
}

async function employersOf(db: Executor, userId: number, id?: number): Promise<EmployerRow[]> {
  const { rows } = await db.execute<EmployerRow>(sql`
    select id, name, brand_color as "brandColor", is_active as "isActive",
           timesheet_schedule as "timesheetSchedule", pay_anchor_date::text as "payAnchorDate",
           pay_start_days as "payStartDays", payday_days as "paydayDays",
           payday_weekday as "paydayWeekday"
      from employers
     where user_id = ${userId} ${id === undefined ? sql`` : sql`and id = ${id}`}
     order by hourbook_lower(name), id`);
  return rows;
}

async function shiftsOf(db: Executor, userId: number, employerId?: number) {
  const { rows } = await db.execute<{
    id: number;
    employerId: number;
    date: string;
    tenths: number;
    pay: string;
    premium: string;
    overtime: string;
    taxMethod: TaxCalculation | null;
    taxBasisPoints: number | null;
    lines: StoredExtraLine[] | null;
    expenses: string;
  }>(sql`
    select id, employer_id as "employerId", date::text as date, coalesce(pay_tenths, 0) as tenths,
           coalesce(pay_cents, 0)::text as pay, coalesce(pay_premium_cents, 0)::text as premium,
           coalesce(pay_overtime_cents, 0)::text as overtime, pay_tax_method as "taxMethod",
           pay_tax_basis_points as "taxBasisPoints", pay_lines as lines,
           expense_cents::text as expenses
      from work_logs
     where user_id = ${userId} ${employerId === undefined ? sql`` : sql`and employer_id = ${employerId}`}`);
  const byEmployer = new Map<number, LedgerShift[]>();
  for (const row of rows) {
    const shift: LedgerShift = {
      id: row.id,
      date: row.date,
      tenths: row.tenths,
      payCents: Number(row.pay),
      premiumCents: Number(row.premium),
      overtimeCents: Number(row.overtime),
      taxMethod: row.taxMethod ?? 'none',
      taxBasisPoints: row.taxBasisPoints ?? 0,
      premiums: (row.lines ?? []).flatMap((line) =>
        line.kind === 'premium' ? [{ name: line.name, amountCents: line.amountCents }] : [],
      ),
      expenseCents: Number(row.expenses),
    };
    const list = byEmployer.get(row.employerId) ?? [];
    list.push(shift);
    byEmployer.set(row.employerId, list);
  }
  return byEmployer;
}

interface PaymentRow extends Record<string, unknown> {
  id: number;
  employerId: number;
  employerName: string;
  amount: string;
  receivedOn: string;
  method: (typeof paymentMethods)[number];
  reference: string | null;
  note: string | null;
  createdAt: Date | string;
  allocations: { periodStart: string; periodEnd: string; amount: string }[] | null;
  file: { name: string; size: number; contentType: string; createdAt: string } | null;
}

async function paymentRows(
  db: Executor,
  userId: number,
  filter: { id?: number; employerId?: number } = {},
): Promise<Payment[]> {
  const { rows } = await db.execute<PaymentRow>(sql`
    select p.id, p.employer_id as "employerId", e.name as "employerName",
           (p.amount * 100)::bigint::text as amount, p.received_on::text as "receivedOn", p.method,
           p.reference, p.note, p.created_at as "createdAt",
           (select json_agg(json_build_object('periodStart', a.period_start::text,
                                              'periodEnd', a.period_end::text,
                                              'amount', ((a.amount * 100)::bigint)::text)
                            order by a.period_start)
              from payment_allocations a
             where a.payment_id = p.id and a.user_id = p.user_id) as allocations,
           case when f.payment_id is null then null
                else json_build_object('name', f.file_name, 'size', f.byte_size,
                                       'contentType', f.content_type,
                                       'createdAt', f.created_at) end as file
      from payments p
      join employers e on e.id = p.employer_id and e.user_id = p.user_id
      left join payment_files f on f.payment_id = p.id and f.user_id = p.user_id
     where p.user_id = ${userId}
       ${filter.id === undefined ? sql`` : sql`and p.id = ${filter.id}`}
       ${filter.employerId === undefined ? sql`` : sql`and p.employer_id = ${filter.employerId}`}
     order by p.received_on desc, p.id desc`);
  return rows.map((row) => {
    const allocations = (row.allocations ?? []).map((a) => ({
      periodStart: a.periodStart,
      periodEnd: a.periodEnd,
      amountCents: Number(a.amount),
    }));
    const amountCents = Number(row.amount);
    return {
      id: row.id,
      employerId: row.employerId,
      employerName: row.employerName,
      amountCents,
      receivedOn: row.receivedOn,
      method: row.method,
      reference: row.reference,
      note: row.note,
      allocations,
      unallocatedCents: amountCents - allocations.reduce((n, a) => n + a.amountCents, 0),
      file: row.file && {
        name: row.file.name,
        size: row.file.size,
        contentType: row.file.contentType as PaymentFileType,
        createdAt: new Date(row.file.createdAt).toISOString(),
      },
      createdAt: new Date(row.createdAt).toISOString(),
    };
  });
}

export async function listPayments(db: Db, userId: number): Promise<{ payments: Payment[] }> {
  return { payments: await paymentRows(db, userId) };
}

function allocationsOf(payments: readonly Payment[]): LedgerAllocation[] {
  return payments.flatMap((p) =>
    p.allocations.map((a) => ({
      paymentId: p.id,
      periodStart: a.periodStart,
      periodEnd: a.periodEnd,
      amountCents: a.amountCents,
    })),
  );
}

/** Owed on a period that has ended and is not paid in full. */
const owedOn = (period: LedgerPeriod) =>
  period.status === 'awaiting' || period.status === 'overdue' || period.status === 'underpaid'
    ? Math.max(0, -period.differenceCents)
    : 0;

export async function ledgerFor(db: Executor, userId: number, now: Date): Promise<Ledger> {
  const settings = await getSettings(db, userId);
  const today = todayIn(settings.timeZone, now);
  const grace = settings.paymentGraceDays;
  const [employers, shifts, payments, closures] = await Promise.all([
    employersOf(db, userId),
    shiftsOf(db, userId),
    paymentRows(db, userId),
    closuresOf(db, userId),
  ]);
  const ledger: Ledger = {
    today,
    graceDays: grace,
    employers: [],
    owedCents: 0,
    overdueCents: 0,
    overdue: [],
  };
  for (const employer of employers) {
    const own = shifts.get(employer.id) ?? [];
    const paid = payments.filter((p) => p.employerId === employer.id);
    if (!employer.isActive && own.length === 0 && paid.length === 0) continue;
    const periods = ledgerOf(
      payCalendarOf(employer),
      own,
      allocationsOf(paid),
      today,
      grace,
      settings.currency,
    );
    for (const period of periods) {
      ledger.owedCents += owedOn(period);
      const late =
        period.status === 'overdue' ||
        (period.status === 'underpaid' && period.payday < today && owedOn(period) > 0);
      if (late) {
        ledger.overdueCents += owedOn(period);
        ledger.overdue.push({
          employerId: employer.id,
          name: employer.name,
          from: period.from,
          to: period.to,
          payday: period.payday,
          owedCents: owedOn(period),
        });
      }
    }
    ledger.employers.push({
      employerId: employer.id,
      name: employer.name,
      brandColor: employer.brandColor,
      schedule: employer.timesheetSchedule,
      periods: periods.map((p) => {
        const history = closures.filter(
          (c) => c.employerId === employer.id && c.periodStart >= p.from && c.periodStart <= p.to,
        );
        return {
          ...p,
          statusText: statusInWords(p, settings.currency),
          closedAt: history.find((c) => c.reopenedAt === null)?.closedAt ?? null,
          closures: history.map(({ closedAt, reopenedAt, reopenReason }) => ({
            closedAt,
            reopenedAt,
            reopenReason,
          })),
        };
      }),
    });
  }
  ledger.overdue.sort((a, b) => (a.payday < b.payday ? -1 : a.payday > b.payday ? 1 : 0));
  return ledger;
}

export function ledger(db: Db, userId: number, now: Date): Promise<Ledger> {
  return ledgerFor(db, userId, now);
}

/** The given parts, each on a period of the employer's calendar, adding up to no more than it. */
function checkedParts(
  employer: EmployerRow,
  amountCents: number,
  parts: readonly { periodStart: string; amount: number }[],
) {
  const calendar = payCalendarOf(employer);
  let sum = 0;
  const out = parts.map((part) => {
    const period = payPeriodOf(calendar, part.periodStart);
    if (period.from !== part.periodStart) {
      throw invalid('allocations', `Choose a pay period of ${employer.name}`);
    }
    sum += part.amount;
    return { from: period.from, to: period.to, amountCents: part.amount };
  });
  if (sum > amountCents) throw invalid('allocations', PAYMENT_MESSAGES.tooMuch);
  return out;
}

/** Matched by amount and date against what each period still owes, other payments counted. */
async function matchedParts(
  tx: Executor,
  userId: number,
  employer: EmployerRow,
  amountCents: number,
  receivedOn: string,
  exceptPaymentId: number | null,
  now: Date,
) {
  const settings = await getSettings(tx, userId);
  const today = todayIn(settings.timeZone, now);
  const shifts = (await shiftsOf(tx, userId, employer.id)).get(employer.id) ?? [];
  const paid = (await paymentRows(tx, userId, { employerId: employer.id })).filter(
    (p) => p.id !== exceptPaymentId,
  );
  const periods = ledgerOf(
    payCalendarOf(employer),
    shifts,
    allocationsOf(paid),
    today,
    settings.paymentGraceDays,
  ).map((p) => ({ from: p.from, to: p.to, outstandingCents: -p.differenceCents }));
  return autoMatch(amountCents, receivedOn, periods);
}

async function writeParts(
  tx: Executor,
  userId: number,
  paymentId: number,
  parts: readonly { from: string; to: string; amountCents: number }[],
) {
  await tx.execute(sql`
    delete from payment_allocations where payment_id = ${paymentId} and user_id = ${userId}`);
  if (parts.length === 0) return;
  await tx.execute(sql`
    insert into payment_allocations (payment_id, user_id, period_start, period_end, amount)
    select ${paymentId}, ${userId}, s, e, a / 100.0
      from unnest(${sql.param(parts.map((p) => p.from))}::date[],
                  ${sql.param(parts.map((p) => p.to))}::date[],
                  ${sql.param(parts.map((p) => p.amountCents))}::bigint[]) as t(s, e, a)`);
}

export function createPayment(
  db: Db,
  userId: number,
  body: CreatePayment,
  now: Date,
): Promise<PaymentSaved> {
  return transaction(
    db,
    async (tx) => {
      const [employer] = await employersOf(tx, userId, body.employerId);
      if (!employer) throw employerNotFound();
      const given = body.allocations ? checkedParts(employer, body.amount, body.allocations) : null;
      const parts =
        given ??
        (await matchedParts(tx, userId, employer, body.amount, body.receivedOn, null, now));
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into payments (user_id, employer_id, amount, received_on, method, reference, note)
        values (${userId}, ${employer.id}, ${body.amount} / 100.0, ${body.receivedOn},
                ${body.method}, ${body.reference}, ${body.note})
        returning id`);
      const id = rows[0]!.id;
      await writeParts(tx, userId, id, parts ?? []);
      await markTimesheetsPaid(tx, userId, employer, now);
      const [payment] = await paymentRows(tx, userId, { id });
      return { ...payment!, matched: given ? 'given' : parts ? 'auto' : 'none' };
    },
    { userId },
  );
}

export function updatePayment(
  db: Db,
  userId: number,
  id: number,
  body: UpdatePayment,
  now: Date,
): Promise<PaymentSaved> {
  return transaction(
    db,
    async (tx) => {
      const [current] = await paymentRows(tx, userId, { id });
      if (!current) throw paymentNotFound();
      const [employer] = await employersOf(tx, userId, current.employerId);
      if (!employer) throw paymentNotFound();
      const amount = body.amount ?? current.amountCents;
      const receivedOn = body.receivedOn ?? current.receivedOn;
      await tx.execute(sql`
        update payments
           set amount = ${amount} / 100.0, received_on = ${receivedOn},
               method = ${body.method ?? current.method},
               reference = ${body.reference === undefined ? current.reference : body.reference},
               note = ${body.note === undefined ? current.note : body.note},
               updated_at = now()
         where id = ${id} and user_id = ${userId}`);
      let matched: PaymentSaved['matched'] = 'given';
      if (body.allocations) {
        await writeParts(tx, userId, id, checkedParts(employer, amount, body.allocations));
      } else if (body.amount !== undefined || body.receivedOn !== undefined) {
        // A new amount or date: matched again, as a new payment would be.
        const parts = await matchedParts(tx, userId, employer, amount, receivedOn, id, now);
        await writeParts(tx, userId, id, parts ?? []);
        matched = parts ? 'auto' : 'none';
      }
      await markTimesheetsPaid(tx, userId, employer, now);
      const [payment] = await paymentRows(tx, userId, { id });
      return { ...payment!, matched };
    },
    { userId },
  );
}

export async function deletePayment(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const deleted = await transaction(
    db,
    async (tx) => {
      const { rows } = await tx.execute<{ employerId: number }>(sql`
        delete from payments where id = ${id} and user_id = ${userId}
        returning employer_id as "employerId"`);
      const [employer] = rows[0] ? await employersOf(tx, userId, rows[0].employerId) : [];
      if (employer) await markTimesheetsPaid(tx, userId, employer, now);
      return rows.length > 0;
    },
    { userId },
  );
  if (!deleted) throw paymentNotFound();
}

async function closuresOf(db: Executor, userId: number) {
  const { rows } = await db.execute<{
    employerId: number;
    periodStart: string;
    closedAt: Date | string;
    reopenedAt: Date | string | null;
    reopenReason: string | null;
  }>(sql`
    select employer_id as "employerId", period_start::text as "periodStart",
           closed_at as "closedAt", reopened_at as "reopenedAt", reopen_reason as "reopenReason"
      from pay_period_closures
     where user_id = ${userId}
     order by closed_at, id`);
  return rows.map((row) => ({
    ...row,
    closedAt: new Date(row.closedAt).toISOString(),
    reopenedAt: row.reopenedAt === null ? null : new Date(row.reopenedAt).toISOString(),
  }));
}

/** The employer's period starting on that day: 404 for another's employer, 400 for no period. */
async function periodOf(tx: Executor, userId: number, ref: PeriodRef) {
  const [employer] = await employersOf(tx, userId, ref.employerId);
  if (!employer) throw employerNotFound();
  const period = payPeriodOf(payCalendarOf(employer), ref.periodStart);
  if (period.from !== ref.periodStart) {
    throw invalid('periodStart', `Choose a pay period of ${employer.name}`);
  }
  return { employer, period };
}

/** Closes an ended period: its shifts are locked until it is reopened. */
export async function closePeriod(db: Db, userId: number, ref: PeriodRef, now: Date) {
  await transaction(
    db,
    async (tx) => {
      const { period } = await periodOf(tx, userId, ref);
      const today = todayIn((await getSettings(tx, userId)).timeZone, now);
      if (period.to >= today) throw invalid('periodStart', PAYMENT_MESSAGES.notEnded);
      const { rows } = await tx.execute(sql`
        insert into pay_period_closures (user_id, employer_id, period_start, period_end)
        values (${userId}, ${ref.employerId}, ${period.from}, ${period.to})
        on conflict (employer_id, period_start) where reopened_at is null do nothing
        returning id`);
      if (rows.length === 0) {
        throw new AppError('conflict', 409, PAYMENT_MESSAGES.alreadyClosed);
      }
    },
    { userId },
  );
}

/** Reopens a closed period, keeping when and why. */
export async function reopenPeriod(db: Db, userId: number, body: ReopenPeriod) {
  await transaction(
    db,
    async (tx) => {
      await periodOf(tx, userId, body);
      const { rows } = await tx.execute(sql`
        update pay_period_closures set reopened_at = now(), reopen_reason = ${body.reason}
         where user_id = ${userId} and employer_id = ${body.employerId}
           and period_start = ${body.periodStart} and reopened_at is null
        returning id`);
      if (rows.length === 0) throw notFound(PAYMENT_MESSAGES.notClosed);
    },
    { userId },
  );
}

/**
 * A timesheet is paid once every period its dates reach is paid in full (or more); a payment
 * changed or deleted since takes it back to sent (or generated, never sent).
 */
async function markTimesheetsPaid(tx: Executor, userId: number, employer: EmployerRow, now: Date) {
  const settings = await getSettings(tx, userId);
  const today = todayIn(settings.timeZone, now);
  const shifts = (await shiftsOf(tx, userId, employer.id)).get(employer.id) ?? [];
  const paid = await paymentRows(tx, userId, { employerId: employer.id });
  const periods = ledgerOf(
    payCalendarOf(employer),
    shifts,
    allocationsOf(paid),
    today,
    settings.paymentGraceDays,
  );
  const { rows } = await tx.execute<{
    id: number;
    startDate: string;
    endDate: string;
    status: string;
    sentAt: Date | null;
  }>(sql`
    select id, start_date::text as "startDate", end_date::text as "endDate", status,
           sent_at as "sentAt"
      from timesheets where user_id = ${userId} and employer_id = ${employer.id}`);
  for (const sheet of rows) {
    const reached = periods.filter((p) => p.from <= sheet.endDate && p.to >= sheet.startDate);
    const isPaid =
      reached.some((p) => p.expectedCents > 0) &&
      reached.every((p) => p.status === 'paid' || p.status === 'overpaid');
    const status = isPaid ? 'paid' : sheet.sentAt ? 'sent' : 'generated';
    if (status === sheet.status || (sheet.status === 'upcoming' && !isPaid)) continue;
    await tx.execute(sql`
      update timesheets set status = ${status}, updated_at = now()
       where id = ${sheet.id} and user_id = ${userId}`);
  }
}
