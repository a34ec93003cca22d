// Payments received and "was I paid right?" through the real API and database (decision 041):
// a bi-weekly hospital anchored on a Wednesday, two periods of shifts, payments matched by amount
// and date, a payment $37.50 short, late periods, and bad input that changes nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/payments.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

// Thursday 26 November 2026, noon in New York.
const NOW = new Date('2026-11-26T17:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

const as = (who: Session) => ({
  get: (url: string) => callApi(ctx.app, 'GET', url, who),
  post: (url: string, body: object) => callApi(ctx.app, 'POST', url, who, body),
  patch: (url: string, body: object) => callApi(ctx.app, 'PATCH', url, who, body),
  delete: (url: string) => callApi(ctx.app, 'DELETE', url, who),
});

/**
 * A hospital paying $30.00 an hour bi-weekly from Wednesday 14 October 2026, on the Friday after
 * a period ends: 14–27 Oct (payday Fri 30 Oct), 28 Oct–10 Nov (Fri 13 Nov), 11–24 Nov (Fri 27
 * Nov). Three 8-hour shifts in each of the first two: $720.00 a period.
 */
async function hospital() {
  const who = await signUp(ctx.app);
  const api = as(who);
  const employer = await addEmployer(ctx.app, who, {
    name: 'St. Mary',
    hourlyRate: '30.00',
    taxMethod: 'none',
    timesheetSchedule: 'biweekly',
    payAnchorDate: '2026-10-14',
    paydayDays: 1,
    paydayWeekday: 5,
  });
  for (const date of [
    '2026-10-15',
    '2026-10-20',
    '2026-10-22',
    '2026-10-29',
    '2026-11-03',
    '2026-11-05',
  ]) {
    await addWorkLog(ctx.app, who, {
      employerId: employer.id,
      date,
      startTime: '07:00',
      endTime: '15:00',
    });
  }
  return { who, api, employerId: employer.id };
}

const ledgerOf = async (api: ReturnType<typeof as>) => {
  const res = await api.get('/api/payments/ledger');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Ledger;
};

describe('was I paid right?', () => {
  it('matches each payment to its period; one $37.50 short shows "Underpaid by $37.50"', async () => {
    const { api, employerId } = await hospital();
    const first = await api.post('/api/payments', {
      employerId,
      amount: '720.00',
      receivedOn: '2026-10-30',
      method: 'bank',
      reference: 'ACH 1030',
    });
    expect(first.statusCode, first.body).toBe(201);
    // Two periods are owed $720.00, but on 30 Oct only the first has ended: it pays that one.
    expect(first.json()).toMatchObject({
      matched: 'auto',
      amountCents: 72_000,
      allocations: [{ periodStart: '2026-10-14', periodEnd: '2026-10-27', amountCents: 72_000 }],
      unallocatedCents: 0,
    });
    const second = await api.post('/api/payments', {
      employerId,
      amount: '682.50',
      receivedOn: '2026-11-13',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      matched: 'auto',
      allocations: [{ periodStart: '2026-10-28', periodEnd: '2026-11-10', amountCents: 68_250 }],
    });
    const ledger = await ledgerOf(api);
    const periods = ledger.employers[0]!.periods;
    expect(periods.map((p) => [p.from, p.to, p.payday, p.expectedCents, p.statusText])).toEqual([
      ['2026-11-25', '2026-12-08', '2026-12-11', 0, 'In progress'],
      ['2026-10-28', '2026-11-10', '2026-11-13', 72_000, 'Underpaid by $37.50'],
      ['2026-10-14', '2026-10-27', '2026-10-30', 72_000, 'Paid in full'],
    ]);
    expect(periods[1]!.shortfall).toEqual([
      '$37.50 of the $720.00 expected has not been received; no single shift, premium or overtime line accounts for it.',
    ]);
    // Owed: the $37.50; late too, its payday (13 Nov) being past.
    expect(ledger).toMatchObject({ owedCents: 3_750, overdueCents: 3_750 });
    expect(ledger.overdue).toEqual([
      {
        employerId,
        name: 'St. Mary',
        from: '2026-10-28',
        to: '2026-11-10',
        payday: '2026-11-13',
        owedCents: 3_750,
      },
    ]);
  });

  it('one payment for two periods, two payments for one, and a period not paid at all', async () => {
    const { api, employerId } = await hospital();
    const both = await api.post('/api/payments', {
      employerId,
      amount: '1440.00',
      receivedOn: '2026-11-13',
    });
    expect(both.json()).toMatchObject({
      matched: 'auto',
      allocations: [
        { periodStart: '2026-10-14', amountCents: 72_000 },
        { periodStart: '2026-10-28', amountCents: 72_000 },
      ],
    });
    expect((await api.delete(`/api/payments/${both.json().id}`)).statusCode).toBe(200);
    // Nothing received: both periods are late (paydays 30 Oct and 13 Nov, grace 3 days).
    let ledger = await ledgerOf(api);
    expect(ledger.employers[0]!.periods.map((p) => p.status)).toEqual([
      'open',
      'overdue',
      'overdue',
    ]);
    expect(ledger.overdue.map((o) => o.payday)).toEqual(['2026-10-30', '2026-11-13']);
    expect(ledger.owedCents).toBe(144_000);
    // Two payments for the first period, the parts given by hand.
    for (const amount of ['500.00', '220.00']) {
      const res = await api.post('/api/payments', {
        employerId,
        amount,
        receivedOn: '2026-11-02',
        allocations: [{ periodStart: '2026-10-14', amount }],
      });
      expect(res.json()).toMatchObject({ matched: 'given', unallocatedCents: 0 });
    }
    ledger = await ledgerOf(api);
    expect(ledger.employers[0]!.periods.at(-1)).toMatchObject({
      status: 'paid',
      receivedCents: 72_000,
    });
    expect(ledger.owedCents).toBe(72_000);
  });

  it('leaves a payment it cannot place to the user, and moves parts when the amount changes', async () => {
    const { api, employerId } = await hospital();
    // $100 could be a part of either period: not matched.
    const part = await api.post('/api/payments', {
      employerId,
      amount: '100.00',
      receivedOn: '2026-11-20',
    });
    expect(part.json()).toMatchObject({
      matched: 'none',
      allocations: [],
      unallocatedCents: 10_000,
    });
    // Changed to $720.00 received on 30 Oct: now it pays the first period.
    const changed = await api.patch(`/api/payments/${part.json().id}`, {
      amount: '720',
      receivedOn: '2026-10-30',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      matched: 'auto',
      allocations: [{ periodStart: '2026-10-14', amountCents: 72_000 }],
    });
    // Placed by hand on the current period, received before it ends.
    const early = await api.post('/api/payments', {
      employerId,
      amount: '50',
      receivedOn: '2026-11-26',
      allocations: [{ periodStart: '2026-11-25', amount: '50' }],
    });
    expect(early.statusCode, early.body).toBe(201);
    const current = (await ledgerOf(api)).employers[0]!.periods[0]!;
    // Still running: in progress, whatever has arrived, until it ends.
    expect(current).toMatchObject({
      from: '2026-11-25',
      status: 'open',
      statusText: 'In progress',
      receivedCents: 5_000,
    });
  });
});

describe('three employers on three calendars', () => {
  it('one ledger says what each owes, what was paid and what is late, oldest first', async () => {
    const { who, api, employerId: hospitalId } = await hospital();
    // St. Mary's first fortnight paid in full on its payday.
    await api.post('/api/payments', {
      employerId: hospitalId,
      amount: '720.00',
      receivedOn: '2026-10-30',
    });
    // An agency paying semi-monthly from the 5th and the 20th, a week after a period ends: one
    // 8-hour shift at $25.00 on Wed 21 Oct, in 20 Oct – 4 Nov, payday 11 Nov, nothing received.
    const agency = await addEmployer(ctx.app, who, {
      name: 'Agency',
      hourlyRate: '25.00',
      taxMethod: 'none',
      timesheetSchedule: 'semimonthly',
      payStartDays: [5, 20],
    });
    await addWorkLog(ctx.app, who, {
      employerId: agency.id,
      date: '2026-10-21',
      startTime: '09:00',
      endTime: '17:00',
    });
    // A studio paying monthly from the 20th, ten days after: 5 hours at $40.00 on Mon 2 Nov, in
    // 20 Oct – 19 Nov, payday 29 Nov, still to come.
    const studio = await addEmployer(ctx.app, who, {
      name: 'Studio',
      hourlyRate: '40.00',
      taxMethod: 'none',
      timesheetSchedule: 'monthly',
      payStartDays: [20],
      paydayDays: 10,
    });
    await addWorkLog(ctx.app, who, {
      employerId: studio.id,
      date: '2026-11-02',
      startTime: '09:00',
      endTime: '14:00',
    });
    const ledger = await ledgerOf(api);
    const periodsOf = (id: number) =>
      ledger.employers
        .find((e) => e.employerId === id)!
        .periods.filter((p) => p.shifts > 0 || p.receivedCents > 0)
        .map((p) => [p.from, p.to, p.payday, p.expectedCents, p.receivedCents, p.statusText]);
    expect(periodsOf(hospitalId)).toEqual([
      ['2026-10-28', '2026-11-10', '2026-11-13', 72_000, 0, 'Overdue'],
      ['2026-10-14', '2026-10-27', '2026-10-30', 72_000, 72_000, 'Paid in full'],
    ]);
    expect(periodsOf(agency.id)).toEqual([
      ['2026-10-20', '2026-11-04', '2026-11-11', 20_000, 0, 'Overdue'],
    ]);
    expect(periodsOf(studio.id)).toEqual([
      ['2026-10-20', '2026-11-19', '2026-11-29', 20_000, 0, 'Not yet paid'],
    ]);
    // Owed: every ended period's unpaid part; late: those past payday plus 3 days, oldest first.
    expect(ledger).toMatchObject({ owedCents: 112_000, overdueCents: 92_000 });
    expect(ledger.overdue.map((o) => [o.name, o.from, o.owedCents])).toEqual([
      ['Agency', '2026-10-20', 20_000],
      ['St. Mary', '2026-10-28', 72_000],
    ]);
  });
});

describe('a timesheet’s status follows its pay', () => {
  it('goes generated → paid when its period is paid in full, and back when the payment goes', async () => {
    const { api, employerId } = await hospital();
    const sheet = await api.post('/api/timesheets/generate', {
      employerId,
      startDate: '2026-10-14',
      endDate: '2026-10-27',
      format: 'csv',
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    const statusOf = async () =>
      ((await api.get('/api/timesheets')).json().items as { id: number; status: string }[]).find(
        (t) => t.id === sheet.json().timesheet.id,
      )?.status;
    expect(await statusOf()).toBe('generated');
    // A part only: still generated.
    const part = await api.post('/api/payments', {
      employerId,
      amount: '700.00',
      receivedOn: '2026-10-30',
    });
    expect(part.json().allocations).toHaveLength(1);
    expect(await statusOf()).toBe('generated');
    const rest = await api.post('/api/payments', {
      employerId,
      amount: '20.00',
      receivedOn: '2026-10-31',
      allocations: [{ periodStart: '2026-10-14', amount: '20.00' }],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await statusOf()).toBe('paid');
    expect((await api.delete(`/api/payments/${rest.json().id}`)).statusCode).toBe(200);
    expect(await statusOf()).toBe('generated');
  });
});

describe('closing a pay period', () => {
  it('locks its shifts on every route until it is reopened with a reason, which is kept', async () => {
    const { who, api, employerId } = await hospital();
    const close = (periodStart: string) =>
      api.post('/api/payments/periods/close', { employerId, periodStart });
    expect((await close('2026-10-28')).statusCode).toBe(200);
    expect((await close('2026-10-28')).json()).toEqual({
      code: 'conflict',
      message: 'This pay period is already closed',
    });
    // The current period has not ended; 29 Oct starts no period.
    expect((await close('2026-11-25')).json().message).toBe(
      'Only a pay period that has ended can be closed',
    );
    expect((await close('2026-10-29')).json().message).toBe('Choose a pay period of St. Mary');

    const logs = (await api.get(`/api/work-logs?employerId=${employerId}`)).json() as {
      id: number;
      date: string;
    }[];
    const locked = logs.find((l) => l.date === '2026-11-03')!;
    const open = logs.find((l) => l.date === '2026-10-20')!;
    const message =
      'The pay period Wed, Oct 28, 2026 – Tue, Nov 10, 2026 at St. Mary is closed: reopen it to change its shifts.';
    const refused = [
      await api.patch(`/api/work-logs/${locked.id}`, { note: 'late change' }),
      await api.delete(`/api/work-logs/${locked.id}`),
      await api.post('/api/work-logs', {
        employerId,
        date: '2026-11-09',
        startTime: '07:00',
        endTime: '15:00',
      }),
      // Moving a shift into it, too.
      await api.patch(`/api/work-logs/${open.id}`, { date: '2026-11-09' }),
      // A rate change that would pay its shifts differently.
      await api.patch(`/api/employers/${employerId}`, {
        hourlyRate: '31.00',
        applyChange: { from: 'every' },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      // Which period, so the dialog can offer to reopen it.
      expect(res.json()).toEqual({
        code: 'period_closed',
        message,
        errors: { closedEmployerId: String(employerId), closedPeriodStart: '2026-10-28' },
      });
    }
    const after = (await api.get(`/api/work-logs?employerId=${employerId}`)).json();
    expect(after).toEqual(logs);
    // Shifts of open periods still change; so does the rate from a date after the closed period.
    expect((await api.patch(`/api/work-logs/${open.id}`, { note: 'fine' })).statusCode).toBe(200);
    const later = await api.patch(`/api/employers/${employerId}`, {
      hourlyRate: '31.00',
      applyChange: { from: 'date', date: '2026-11-11' },
    });
    expect(later.statusCode, later.body).toBe(200);

    // Reopened with a reason: kept in the period's history; its shifts change again.
    const noReason = await api.post('/api/payments/periods/reopen', {
      employerId,
      periodStart: '2026-10-28',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const reopened = await api.post('/api/payments/periods/reopen', {
      employerId,
      periodStart: '2026-10-28',
      reason: 'Payroll found a missed shift',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const period = (await ledgerOf(api)).employers[0]!.periods.find(
      (p) => p.from === '2026-10-28',
    )!;
    expect(period.closedAt).toBeNull();
    expect(period.closures).toEqual([
      {
        closedAt: expect.any(String),
        reopenedAt: expect.any(String),
        reopenReason: 'Payroll found a missed shift',
      },
    ]);
    expect((await api.patch(`/api/work-logs/${locked.id}`, { note: 'ok now' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await api.post('/api/payments/periods/reopen', {
          employerId,
          periodStart: '2026-10-28',
          reason: 'again',
        })
      ).json(),
    ).toEqual({ code: 'not_found', message: 'This pay period is not closed' });
    // Another user cannot close it.
    const other = as(await signUp(ctx.app));
    const theirs = await other.post('/api/payments/periods/close', {
      employerId,
      periodStart: '2026-10-14',
    });
    expect(theirs.statusCode).toBe(404);
    expect(who.userId).toBeGreaterThan(0);
  });
});

describe('bad input changes nothing', () => {
  it('answers 400 or 404 with a message', async () => {
    const { api, employerId } = await hospital();
    const count = async () =>
      (await ctx.database.db.execute(sql`select count(*)::int as n from payments`)).rows[0];
    const before = await count();
    const cases: [object, number, string][] = [
      [{ employerId, amount: '0', receivedOn: '2026-11-01' }, 400, 'Amount must be a positive'],
      [{ employerId, amount: '1.234', receivedOn: '2026-11-01' }, 400, 'Amount must be'],
      [{ employerId, amount: '10', receivedOn: '2026-11-31' }, 400, 'Please choose a real date'],
      [
        { employerId, amount: '10', receivedOn: '2026-11-01', method: 'bitcoin' },
        400,
        'Choose bank',
      ],
      [
        {
          employerId,
          amount: '10',
          receivedOn: '2026-11-01',
          allocations: [{ periodStart: '2026-11-01', amount: '10' }],
        },
        400,
        'Choose a pay period of St. Mary',
      ],
      [
        {
          employerId,
          amount: '10',
          receivedOn: '2026-11-01',
          allocations: [{ periodStart: '2026-10-14', amount: '11' }],
        },
        400,
        'The parts add up to more than the payment',
      ],
      [
        { employerId: 2_000_000, amount: '10', receivedOn: '2026-11-01' },
        404,
        'Employer not found',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.post('/api/payments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await count()).toEqual(before);
    // Another user's payment or employer answers exactly like a missing one.
    const mine = await api.post('/api/payments', {
      employerId,
      amount: '10',
      receivedOn: '2026-11-01',
    });
    const other = as(await signUp(ctx.app));
    const theirs = await other.post('/api/payments', {
      employerId,
      amount: '10',
      receivedOn: '2026-11-01',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    for (const res of [
      await other.patch(`/api/payments/${mine.json().id}`, { note: 'mine now' }),
      await other.delete(`/api/payments/${mine.json().id}`),
      await api.patch('/api/payments/2000000', { note: 'x' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Payment not found' });
    }
    expect((await other.get('/api/payments')).json()).toEqual({ payments: [] });
    expect((await api.get('/api/payments')).json().payments).toHaveLength(1);
  });
});
