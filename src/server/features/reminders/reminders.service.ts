// Opt-in e-mail reminders (decision 041): on the last day of a pay period, that its timesheet is
// due tomorrow; after a payday gone by with nothing recorded, that it was missed. A sweep job
// runs every hour while anyone has reminders on; each reminder is recorded as it is queued, in
// the same transaction, so none is sent twice.
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '../../../shared/domain/dates.ts';
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import { formatCurrency } from '../../../shared/domain/money.ts';
import { payCalendarOf, payPeriodOf } from '../../../shared/domain/pay-periods.ts';
import type { timesheetSchedules } from '../../../shared/schemas/enums.ts';
import type { Db, Executor } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { paydayMissedMail, timesheetDueMail } from '../../mail/messages.ts';
import { ledgerFor } from '../payments/payments.service.ts';

export const REMINDERS_SWEEP_JOB = 'reminders.sweep';

/** One sweep per hour at most, however often it is asked for. */
export const sweepKey = (at: Date) => `${REMINDERS_SWEEP_JOB}:${at.toISOString().slice(0, 13)}`;

/** A missed payday is mailed within two weeks of it, not for a year of history on switching on. */
const MISSED_WITHIN_DAYS = 14;

/** Asks for a sweep now (a user turned reminders on). */
export function queueSweep(db: Executor, now: Date) {
  return enqueueJob(db, { type: REMINDERS_SWEEP_JOB, payload: {}, dedupeKey: sweepKey(now) });
}

/** The sweep of the next hour, while anyone still wants reminders. */
export async function queueNextSweep(db: Executor, now: Date): Promise<void> {
  const { rows } = await db.execute(sql`
    select 1 from settings where remind_timesheet_due or remind_payday_missed limit 1`);
  if (rows.length === 0) return;
  const next = new Date(Math.floor(now.getTime() / 3_600_000 + 1) * 3_600_000);
  await enqueueJob(db, {
    type: REMINDERS_SWEEP_JOB,
    payload: {},
    dedupeKey: sweepKey(next),
    runAt: next,
  });
}

interface Wanting extends Record<string, unknown> {
  userId: number;
  email: string;
  firstName: string | null;
  timeZone: string;
  currency: string;
  due: boolean;
  missed: boolean;
}

interface Candidate {
  kind: 'timesheet_due' | 'payday_missed';
  employerId: number;
  periodStart: string;
  mail: ReturnType<typeof timesheetDueMail>;
}

const periodText = (from: string, to: string) =>
  `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`;

async function dueCandidates(tx: Executor, user: Wanting, today: string): Promise<Candidate[]> {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    timesheetSchedule: (typeof timesheetSchedules)[number];
    payAnchorDate: string | null;
    payStartDays: number[];
    paydayDays: number;
    paydayWeekday: number | null;
  }>(sql`
    select id, name, timesheet_schedule as "timesheetSchedule",
           pay_anchor_date::text as "payAnchorDate", pay_start_days as "payStartDays",
           payday_days as "paydayDays", payday_weekday as "paydayWeekday"
      from employers where user_id = ${user.userId} and is_active`);
  const out: Candidate[] = [];
  for (const employer of rows) {
    const period = payPeriodOf(payCalendarOf(employer), today);
    if (period.to !== today) continue;
    const { rows: made } = await tx.execute(sql`
      select 1 from timesheets
       where user_id = ${user.userId} and employer_id = ${employer.id}
         and start_date <= ${period.from} and end_date >= ${period.to}
       limit 1`);
    if (made.length > 0) continue;
    out.push({
      kind: 'timesheet_due',
      employerId: employer.id,
      periodStart: period.from,
      mail: timesheetDueMail({
        to: user.email,
        name: user.firstName,
        employer: employer.name,
        period: periodText(period.from, period.to),
        due: formatDisplayDate(addDays(period.to, 1)),
      }),
    });
  }
  return out;
}

async function missedCandidates(
  tx: Executor,
  user: Wanting,
  today: string,
  now: Date,
): Promise<Candidate[]> {
  const ledger = await ledgerFor(tx, user.userId, now);
  const out: Candidate[] = [];
  const since = addDays(today, -MISSED_WITHIN_DAYS);
  for (const employer of ledger.employers) {
    for (const period of employer.periods) {
      if (period.payday >= today || period.payday < since) continue;
      if (period.receivedCents > 0 || period.expectedCents <= 0) continue;
      out.push({
        kind: 'payday_missed',
        employerId: employer.employerId,
        periodStart: period.from,
        mail: paydayMissedMail({
          to: user.email,
          name: user.firstName,
          employer: employer.name,
          period: periodText(period.from, period.to),
          payday: formatDisplayDate(period.payday),
          expected: formatCurrency(period.expectedCents, user.currency),
        }),
      });
    }
  }
  return out;
}

/** Queues every reminder due now that was not sent before; returns how many. */
export async function sweepReminders(db: Db, secret: Buffer, now: Date): Promise<number> {
  const { rows: users } = await db.execute<Wanting>(sql`
    select s.user_id as "userId", u.email, u.first_name as "firstName", s.time_zone as "timeZone",
           s.currency, s.remind_timesheet_due as due, s.remind_payday_missed as missed
      from settings s join users u on u.id = s.user_id
     where s.remind_timesheet_due or s.remind_payday_missed
     order by s.user_id`);
  let sent = 0;
  for (const user of users) {
    sent += await transaction(db, async (tx) => {
      const today = todayIn(user.timeZone, now);
      const candidates = [
        ...(user.due ? await dueCandidates(tx, user, today) : []),
        ...(user.missed ? await missedCandidates(tx, user, today, now) : []),
      ];
      let queued = 0;
      for (const candidate of candidates) {
        const { rows } = await tx.execute(sql`
          insert into reminders_sent (user_id, employer_id, kind, period_start)
          values (${user.userId}, ${candidate.employerId}, ${candidate.kind},
                  ${candidate.periodStart})
          on conflict do nothing
          returning id`);
        if (rows.length === 0) continue;
        await enqueueMail(tx, candidate.mail, { enqueue: enqueueJob, secret });
        queued += 1;
      }
      return queued;
    });
  }
  return sent;
}
