import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateEmployerBody } from '../../../shared/schemas/employers.ts';
import type {
  GenerateTimesheetBody,
  Timesheet,
  UpcomingTimesheet,
} from '../../../shared/schemas/timesheets.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { setEmployerRules } from '../../test/pay-rules.ts';

// 22:00 on Saturday 31 October in New York (the users' zone), already 1 November in UTC.
let now = new Date('2026-11-01T02:00:00Z');
let ctx: TestContext;
let alice: Session;
let bob: Session;

const generate = (who: Session, body: GenerateTimesheetBody) =>
  callApi(ctx.app, 'POST', '/api/timesheets/generate', who, { format: 'csv', ...body });
const history = (who: Session | undefined, query = '') =>
  callApi(ctx.app, 'GET', `/api/timesheets${query}`, who);
const upcoming = (who?: Session) => callApi(ctx.app, 'GET', '/api/timesheets/upcoming', who);
const employer = (who: Session, body: Partial<CreateEmployerBody> & { name: string }) =>
  addEmployer(ctx.app, who, { hourlyRate: '20', ...body });

beforeAll(async () => {
  ctx = await createTestApp({ now: () => now });
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
});

describe('GET /api/timesheets', () => {
  it('lists the user’s own timesheets newest first, a page at a time', async () => {
    const shop = await employer(alice, { name: 'Corner Shop' });
    const ids: number[] = [];
    for (const month of ['07', '08', '09']) {
      const res = await generate(alice, {
        employerId: shop.id,
        startDate: `2026-${month}-01`,
        endDate: `2026-${month}-28`,
      });
      ids.push(res.json().timesheet.id);
    }
    const other = await employer(bob, { name: 'Elsewhere' });
    await generate(bob, { employerId: other.id, startDate: '2026-07-01', endDate: '2026-07-02' });

    const first = (await history(alice, '?page=1&pageSize=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((t: Timesheet) => t.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ startDate: '2026-09-01', employerName: 'Corner Shop' });
    const second = (await history(alice, '?page=2&pageSize=2')).json();
    expect(second.items.map((t: Timesheet) => t.id)).toEqual([ids[0]]);
    expect(second.total).toBe(3);
    const past = (await history(alice, '?page=3&pageSize=2')).json();
    expect(past).toMatchObject({ items: [], total: 3, page: 3 });
  });

  it('refuses a page size out of range with its message', async () => {
    const res = await history(alice, '?pageSize=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      pageSize: 'Page size must be a whole number from 1 to 100',
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await history(undefined)).statusCode).toBe(401);
  });

  it('keeps the figures a timesheet was made with after its log and the rounding change', async () => {
    const cafe = await employer(alice, { name: 'Snapshot Café', hourlyRate: '20', taxRate: '10' });
    const log = await addWorkLog(ctx.app, alice, {
      employerId: cafe.id,
      date: '2026-06-10',
      startTime: '09:00',
      endTime: '16:52',
      breakDuration: 0,
    });
    const made = (
      await generate(alice, { employerId: cafe.id, startDate: '2026-06-01', endDate: '2026-06-30' })
    ).json();
    const bytes = (await callApi(ctx.app, 'GET', made.downloadUrl, alice)).rawPayload;
    // 7 h 52 at $20.00 by the minute: 472 × 20 ÷ 60 = $157.33.
    expect(made.timesheet).toMatchObject({ totalHours: '7.9', totalEarnings: '157.33' });

    const edit = await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, alice, {
      endTime: '19:00',
    });
    expect(edit.statusCode).toBe(200);
    await setEmployerRules(ctx, alice.userId, cafe.id, { roundingStep: '60' });
    const method = await callApi(ctx.app, 'PATCH', `/api/employers/${cafe.id}`, alice, {
      taxMethod: 'deduct',
      applyChange: { from: 'every' },
    });
    expect(method.statusCode).toBe(200);

    const listed = (await history(alice))
      .json()
      .items.find((t: Timesheet) => t.id === made.timesheet.id);
    expect(listed).toEqual(made.timesheet);
    const again = (await callApi(ctx.app, 'GET', made.downloadUrl, alice)).rawPayload;
    expect(again.equals(bytes)).toBe(true);
    // A new timesheet of the same period takes the changes.
    const fresh = (
      await generate(alice, { employerId: cafe.id, startDate: '2026-06-01', endDate: '2026-06-30' })
    ).json();
    expect(fresh.timesheet).toMatchObject({
      totalHours: '10.0',
      totalEarnings: '200.00',
      tax: '20.00',
      totalDue: '180.00',
      roundingStep: '60',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxCalculation: 'deduct',
    });
    await setEmployerRules(ctx, alice.userId, cafe.id, { roundingStep: 'none', taxMethod: 'add' });
  });
  it('refreshes the row of an identical report instead of adding a twin, even a day later', async () => {
    const bar = await employer(alice, { name: 'Twin Bar' });
    await addWorkLog(ctx.app, alice, {
      employerId: bar.id,
      date: '2026-05-04',
      startTime: '18:00',
      endTime: '23:30',
      breakDuration: 0,
      note: 'Closed up',
    });
    const period = { employerId: bar.id, startDate: '2026-05-01', endDate: '2026-05-31' };
    const countRows = async () =>
      (await history(alice, '?pageSize=100'))
        .json()
        .items.filter((t: Timesheet) => t.employerId === bar.id).length;

    const first = await generate(alice, period);
    expect(first.statusCode).toBe(201);
    expect(first.json().reused).toBe(false);
    const before = now;
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    try {
      const second = await generate(alice, period);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ reused: true, downloadUrl: first.json().downloadUrl });
      expect(second.json().timesheet.id).toBe(first.json().timesheet.id);
      expect(await countRows()).toBe(1);
      const file = await callApi(ctx.app, 'GET', second.json().downloadUrl, alice);
      expect(file.statusCode).toBe(200);
    } finally {
      now = before;
    }

    // Another format, the notes printed, or changed figures: a report of its own.
    const pdf = await generate(alice, { ...period, format: 'pdf' });
    expect(pdf.json().reused).toBe(false);
    const notes = await generate(alice, { ...period, includeNotes: true });
    expect(notes.json().reused).toBe(false);
    await addWorkLog(ctx.app, alice, {
      employerId: bar.id,
      date: '2026-05-05',
      startTime: '18:00',
      endTime: '22:00',
      breakDuration: 0,
    });
    const more = await generate(alice, period);
    expect(more.json()).toMatchObject({ reused: false, timesheet: { totalHours: '9.5' } });
    expect(await countRows()).toBe(4);
    // Bob's identical-looking report is his own.
    const bobs = await employer(bob, { name: 'Twin Bar' });
    const his = await generate(bob, { ...period, employerId: bobs.id });
    expect(his.json().reused).toBe(false);
  });

  it('loses the timesheets and their documents of an employer that is deleted', async () => {
    const gone = await employer(alice, { name: 'Gone Soon' });
    const made = (
      await generate(alice, { employerId: gone.id, startDate: '2026-05-01', endDate: '2026-05-31' })
    ).json();
    const removed = await callApi(ctx.app, 'DELETE', `/api/employers/${gone.id}`, alice);
    expect(removed.statusCode).toBe(200);
    expect((await callApi(ctx.app, 'GET', made.downloadUrl, alice)).statusCode).toBe(404);
    const ids = (await history(alice, '?pageSize=100')).json().items.map((t: Timesheet) => t.id);
    expect(ids).not.toContain(made.timesheet.id);
    const left = await ctx.database.pool.query(
      'select count(*)::int as n from timesheet_documents where timesheet_id = $1',
      [made.timesheet.id],
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe('GET /api/timesheets/upcoming', () => {
  it('gives each active employer’s current pay period in the user’s zone, soonest due first', async () => {
    const carol = await signUp(ctx.app);
    const weekly = await employer(carol, { name: 'Weekly Works', timesheetSchedule: 'weekly' });
    const monthly = await employer(carol, { name: 'Monthly Media', timesheetSchedule: 'monthly' });
    const quarterly = await employer(carol, {
      name: 'Quarterly Quay',
      timesheetSchedule: 'quarterly',
      brandColor: 'teal',
    });
    await employer(carol, { name: 'Sleeping Inc', timesheetSchedule: 'weekly', isActive: false });
    // October's timesheet of the monthly employer is already made; the weekly one's is not.
    await generate(carol, {
      employerId: monthly.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    await generate(carol, {
      employerId: weekly.id,
      startDate: '2026-10-25',
      endDate: '2026-10-30',
    });

    const res = await upcoming(carol);
    expect(res.statusCode).toBe(200);
    // Still Saturday 31 October in New York: October, the week of the 25th (the same due date,
    // so by name), then Q4.
    expect(res.json()).toEqual([
      {
        employerId: monthly.id,
        employerName: 'Monthly Media',
        brandColor: 'blue',
        schedule: 'monthly',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        dueDate: '2026-11-01',
        // A week after the period ends, unless the employer says otherwise.
        payday: '2026-11-07',
        generated: true,
      },
      {
        employerId: weekly.id,
        employerName: 'Weekly Works',
        brandColor: 'blue',
        schedule: 'weekly',
        startDate: '2026-10-25',
        endDate: '2026-10-31',
        dueDate: '2026-11-01',
        payday: '2026-11-07',
        generated: false,
      },
      {
        employerId: quarterly.id,
        employerName: 'Quarterly Quay',
        brandColor: 'teal',
        schedule: 'quarterly',
        startDate: '2026-10-01',
        endDate: '2026-12-31',
        dueDate: '2027-01-01',
        payday: '2027-01-07',
        generated: false,
      },
    ]);
  });

  it('follows each employer’s own calendar: an anchored fortnight, the 16th–end, the 20th–19th', async () => {
    const fay = await signUp(ctx.app);
    const add = (body: object) => callApi(ctx.app, 'POST', '/api/employers', fay, body);
    // Still Saturday 31 October 2026 in New York.
    for (const body of [
      {
        name: 'Hospital',
        hourlyRate: '40',
        timesheetSchedule: 'biweekly',
        payAnchorDate: '2026-10-21', // a Wednesday
        paydayDays: 1,
        paydayWeekday: 5, // the Friday after
      },
      { name: 'Agency', hourlyRate: '30', timesheetSchedule: 'semimonthly', paydayDays: 5 },
      { name: 'Studio', hourlyRate: '25', timesheetSchedule: 'monthly', payStartDays: [20] },
    ]) {
      const res = await add(body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const periods = (await upcoming(fay)).json() as UpcomingTimesheet[];
    expect(periods.map((p) => [p.employerName, p.startDate, p.endDate, p.payday])).toEqual([
      ['Agency', '2026-10-16', '2026-10-31', '2026-11-05'],
      ['Hospital', '2026-10-21', '2026-11-03', '2026-11-06'],
      ['Studio', '2026-10-20', '2026-11-19', '2026-11-26'],
    ]);
  });

  it('refuses a calendar that cannot be: one semi-monthly day, two monthly ones, day 29', async () => {
    const gil = await signUp(ctx.app);
    const cases: [object, string][] = [
      [{ timesheetSchedule: 'semimonthly', payStartDays: [5] }, 'Choose two different days'],
      [{ timesheetSchedule: 'monthly', payStartDays: [5, 20] }, 'Choose one day of the month'],
      [{ timesheetSchedule: 'monthly', payStartDays: [29] }, 'from 1 to 28'],
      [{ timesheetSchedule: 'semimonthly', payStartDays: [5, 5] }, 'Choose two different days'],
      [{ paydayDays: 91 }, 'Payday must be 0 to 90 days'],
      [{ paydayWeekday: 7 }, 'Choose a day of the week'],
      [{ payAnchorDate: '2026-02-30' }, 'Please choose a real date'],
    ];
    for (const [body, message] of cases) {
      const res = await callApi(ctx.app, 'POST', '/api/employers', gil, {
        name: 'Nope',
        hourlyRate: '10',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await callApi(ctx.app, 'GET', '/api/employers', gil)).json()).toEqual([]);
    // A change that would leave a monthly employer two days is refused too, and changes nothing.
    const ok = await callApi(ctx.app, 'POST', '/api/employers', gil, {
      name: 'Semi',
      hourlyRate: '10',
      timesheetSchedule: 'semimonthly',
      payStartDays: [5, 20],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const res = await callApi(ctx.app, 'PATCH', `/api/employers/${ok.json().id}`, gil, {
      timesheetSchedule: 'monthly',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ payStartDays: 'Choose one day of the month' });
    const [still] = (await callApi(ctx.app, 'GET', '/api/employers', gil)).json();
    expect(still).toMatchObject({ timesheetSchedule: 'semimonthly', payStartDays: [5, 20] });
  });

  it('moves on when the day changes in the user’s zone', async () => {
    const dave = await signUp(ctx.app);
    await employer(dave, { name: 'Monthly Mill', timesheetSchedule: 'monthly' });
    now = new Date('2026-11-01T05:00:00Z'); // 01:00 on 1 November in New York
    try {
      const [period] = (await upcoming(dave)).json();
      expect(period).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30' });
    } finally {
      now = new Date('2026-11-01T02:00:00Z');
    }
  });

  it('answers an empty list without active employers, and only the user’s own', async () => {
    const erin = await signUp(ctx.app);
    expect((await upcoming(erin)).json()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await upcoming()).statusCode).toBe(401);
  });
});
