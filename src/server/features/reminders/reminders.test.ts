// Opt-in reminders (decision 041) through the real API and database: switched on in the
// settings, a sweep finds a timesheet due tomorrow and a payday gone by unpaid, queues one mail
// for each with its words, and never the same one twice.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openMailBody } from '../../mail/mail-job.ts';
import {
  callApi,
  createTestApp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { sweepReminders } from './reminders.service.ts';

// Saturday 28 November 2026, 09:00 in New York: the last day of the week of the 22nd.
const NOW = new Date('2026-11-28T14:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

/** The mails queued for an address, their bodies opened. */
async function mailsTo(email: string) {
  const { rows } = await ctx.database.db.execute<{
    payload: { to: string; subject: string; body: string };
  }>(sql`select payload from jobs where type = 'mail.send' and payload->>'to' = ${email}
          order by id`);
  return rows.map(({ payload }) => ({
    subject: payload.subject,
    text: openMailBody(TEST_APP_SECRET, payload.body)?.text ?? '',
  }));
}

async function worker(settings: object) {
  const who: Session = await signUp(ctx.app, { firstName: 'Nia' });
  const res = await callApi(ctx.app, 'PATCH', '/api/settings/export', who, settings);
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

describe('reminders', () => {
  it('are off until switched on; switching on asks for a sweep', async () => {
    const who = await signUp(ctx.app);
    const settings = await callApi(ctx.app, 'GET', '/api/settings', who);
    expect(settings.json()).toMatchObject({ remindTimesheetDue: false, remindPaydayMissed: false });
    await addEmployer(ctx.app, who, { name: 'Weekly', hourlyRate: '20' });
    await sweepReminders(ctx.database.db, TEST_APP_SECRET, NOW);
    expect(await mailsTo(who.email)).toEqual([]);
    await callApi(ctx.app, 'PATCH', '/api/settings/export', who, { remindTimesheetDue: true });
    const { rows } = await ctx.database.db.execute(sql`
      select 1 from jobs where type = 'reminders.sweep' and status = 'queued'`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('mails once that a timesheet is due tomorrow, unless it is already made', async () => {
    const who = await worker({ remindTimesheetDue: true });
    const weekly = await addEmployer(ctx.app, who, { name: 'Harbor Bar', hourlyRate: '20' });
    const done = await addEmployer(ctx.app, who, { name: 'Done Deli', hourlyRate: '20' });
    await addWorkLog(ctx.app, who, {
      employerId: done.id,
      date: '2026-11-23',
      startTime: '09:00',
      endTime: '12:00',
    });
    const made = await callApi(ctx.app, 'POST', '/api/timesheets/generate', who, {
      employerId: done.id,
      startDate: '2026-11-22',
      endDate: '2026-11-28',
      format: 'csv',
    });
    expect(made.statusCode, made.body).toBe(201);
    // A monthly employer's period does not end today: nothing for it.
    await addEmployer(ctx.app, who, {
      name: 'Monthly Mill',
      hourlyRate: '20',
      timesheetSchedule: 'monthly',
    });
    expect(weekly.id).toBeGreaterThan(0);
    await sweepReminders(ctx.database.db, TEST_APP_SECRET, NOW);
    await sweepReminders(ctx.database.db, TEST_APP_SECRET, NOW);
    const mails = await mailsTo(who.email);
    expect(mails).toEqual([
      {
        subject: 'Your Harbor Bar timesheet is due tomorrow',
        text: expect.stringContaining(
          'Your timesheet for Harbor Bar, Sun, Nov 22, 2026 – Sat, Nov 28, 2026, is due tomorrow (Sun, Nov 29, 2026).',
        ),
      },
    ]);
    expect(mails[0]!.text).toContain('Hello Nia,');
  });

  it('mails once that a payday went by unpaid, and not for one paid or long past', async () => {
    const who = await worker({ remindPaydayMissed: true });
    // Bi-weekly from Wed 28 Oct, paid the Friday after: 28 Oct–10 Nov paid Fri 13 Nov;
    // 11–24 Nov paid Fri 27 Nov (yesterday). Both worked; the first was paid.
    const employer = await addEmployer(ctx.app, who, {
      name: 'St. Mary',
      hourlyRate: '30',
      taxMethod: 'none',
      timesheetSchedule: 'biweekly',
      payAnchorDate: '2026-10-28',
      paydayDays: 1,
      paydayWeekday: 5,
    });
    for (const date of ['2026-11-02', '2026-11-16']) {
      await addWorkLog(ctx.app, who, {
        employerId: employer.id,
        date,
        startTime: '07:00',
        endTime: '15:00',
      });
    }
    const paid = await callApi(ctx.app, 'POST', '/api/payments', who, {
      employerId: employer.id,
      amount: '240.00',
      receivedOn: '2026-11-13',
    });
    expect(paid.json().allocations).toHaveLength(1);
    await sweepReminders(ctx.database.db, TEST_APP_SECRET, NOW);
    await sweepReminders(ctx.database.db, TEST_APP_SECRET, new Date('2026-11-28T20:00:00Z'));
    expect(await mailsTo(who.email)).toEqual([
      {
        subject: 'No payment recorded from St. Mary for Wed, Nov 11, 2026 – Tue, Nov 24, 2026',
        text: expect.stringContaining(
          'Payday for St. Mary, Wed, Nov 11, 2026 – Tue, Nov 24, 2026, was Fri, Nov 27, 2026, and no payment for it is recorded. Expected: $240.00.',
        ),
      },
    ]);
  });
});
