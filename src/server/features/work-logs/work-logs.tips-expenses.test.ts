import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../shared/domain/dates.ts';
import { expenseCentsOf, mileageCents } from '../../../shared/domain/expenses.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

// Tips and expenses of a shift (decision 042), through the API: what is stored, listed, summed,
// put on the timesheet (PDF and CSV), expected in the pay ledger and shown on the dashboard.

let ctx: TestContext;
let driver: Session;
let other: Session;
let courierId: number;
let plainId: number;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  callApi(ctx.app, method, url, driver, payload);

const SHIFT = { date: '2026-03-02', startTime: '09:00', endTime: '17:00', breakDuration: 30 };

beforeAll(async () => {
  ctx = await createTestApp();
  driver = await signUp(ctx.app, { email: 'driver@example.com' });
  other = await signUp(ctx.app, { email: 'other@example.com' });
  // US mileage at 65.5 cents a mile; $20.00 an hour, no tax.
  courierId = (
    await addEmployer(ctx.app, driver, {
      name: 'Courier Co',
      hourlyRate: '20',
      taxMethod: 'none',
      mileageRate: '0.655',
      distanceUnit: 'mi',
      timesheetSchedule: 'monthly',
    })
  ).id;
  plainId = (await addEmployer(ctx.app, driver, { name: 'Desk Job', hourlyRate: '30' })).id;
});

describe('the figures by hand', () => {
  it('42.5 miles at $0.655 is $27.8375, paid back as $27.84; with $8.75 parking, $36.59', () => {
    expect(mileageCents(425, 655)).toBe(2_784);
    expect(expenseCentsOf({ distance: '42.5', mileageRate: '0.655', expenseAmount: '8.75' })).toBe(
      3_659,
    );
    // Halves go up: 0.5 km at 0.125 is 6.25 cents → 6.
    expect(mileageCents(5, 125)).toBe(6);
    expect(mileageCents(1, 5)).toBe(0);
    expect(mileageCents(3, 5)).toBe(0);
    expect(mileageCents(10, 5)).toBe(1);
  });
});

describe('a shift with tips and expenses', () => {
  let id: number;

  it('stores them, with the mileage rate and unit of the day it was typed', async () => {
    const res = await call('POST', '/api/work-logs', {
      ...SHIFT,
      employerId: courierId,
      tipsCash: '12.50',
      tipsCard: 30,
      distance: '42.5',
      expenseAmount: '8.75',
      expenseNote: 'Parking',
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({
      tipsCash: '12.50',
      tipsCard: '30.00',
      distance: '42.5',
      mileageRateAtTime: '0.655',
      distanceUnit: 'mi',
      expenseAmount: '8.75',
      expenseNote: 'Parking',
      expenses: '36.59',
      // Tips and expenses are not pay: 7.5 h × $20.
      earnings: '150.00',
    });
    const list = await call('GET', `/api/work-logs?employerId=${courierId}`);
    expect(list.json()[0]).toMatchObject({ id, expenses: '36.59', tipsCash: '12.50' });
    const summary = await call('GET', `/api/work-logs/summary?employerId=${courierId}`);
    expect(summary.json()).toMatchObject({
      totalEarnings: '150.00',
      totalTips: '42.50',
      totalExpenses: '36.59',
    });
  });

  it('keeps its rate when the employer’s changes, until its distance is typed again', async () => {
    const raise = await call('PATCH', `/api/employers/${courierId}`, { mileageRate: '0.70' });
    expect(raise.statusCode).toBe(200);
    const note = await call('PATCH', `/api/work-logs/${id}`, { note: 'Route 9' });
    expect(note.json()).toMatchObject({ mileageRateAtTime: '0.655', expenses: '36.59' });
    const longer = await call('PATCH', `/api/work-logs/${id}`, { distance: '50' });
    // 50 × 0.70 = $35.00, plus $8.75.
    expect(longer.json()).toMatchObject({
      distance: '50.0',
      mileageRateAtTime: '0.700',
      expenses: '43.75',
    });
    const none = await call('PATCH', `/api/work-logs/${id}`, {
      distance: '',
      expenseAmount: '0',
      expenseNote: null,
    });
    expect(none.json()).toMatchObject({
      distance: null,
      mileageRateAtTime: null,
      distanceUnit: null,
      expenses: '0.00',
    });
    // Back as it was, for the sheet below.
    await call('PATCH', `/api/work-logs/${id}`, {
      distance: '42.5',
      expenseAmount: '8.75',
      expenseNote: 'Parking',
    });
    await call('PATCH', `/api/employers/${courierId}`, { mileageRate: '0.655' });
    const back = await call('PATCH', `/api/work-logs/${id}`, { distance: '42.4' });
    await call('PATCH', `/api/work-logs/${id}`, { distance: '42.5' });
    expect(back.json().mileageRateAtTime).toBe('0.655');
  });

  it.each([
    [{ distance: '10' }, 'distance', 'Desk Job pays no mileage'],
    [{ expenseAmount: '5' }, 'expenseNote', 'Say what the expense was for'],
    [{ tipsCash: '-1' }, 'tipsCash', 'Cash tips must be at least 0'],
    [{ tipsCard: '1.234' }, 'tipsCard', 'Card tips can have at most 2 decimal places'],
    [{ distance: '1.25' }, 'distance', 'Distance can have at most one decimal place'],
    [{ distance: '0' }, 'distance', 'Distance must be above 0'],
    [{ expenseAmount: 'lots' }, 'expenseAmount', 'Expense must be a number like 12.50'],
    [{ expenseNote: 'a\nb', expenseAmount: '1' }, 'expenseNote', 'on one line'],
  ])('refuses %o with a clear message and saves nothing', async (fields, field, message) => {
    const before = (await call('GET', '/api/work-logs/summary')).json().count;
    const res = await call('POST', '/api/work-logs', {
      ...SHIFT,
      date: '2026-03-20',
      employerId: plainId,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect((await call('GET', '/api/work-logs/summary')).json().count).toBe(before);
  });

  it('another user’s shift answers 404 to a change of its tips', async () => {
    const res = await callApi(ctx.app, 'PATCH', `/api/work-logs/${id}`, other, { tipsCash: '1' });
    expect(res.statusCode).toBe(404);
  });
});

describe('where the money shows', () => {
  it('the timesheet lists each expense in words and adds them, untaxed, to the total due', async () => {
    const csv = await call('POST', '/api/timesheets/generate', {
      employerId: courierId,
      format: 'csv',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      includeSummary: true,
    });
    expect(csv.statusCode).toBe(201);
    expect(csv.json().timesheet).toMatchObject({
      totalEarnings: '150.00',
      expenses: '36.59',
      totalDue: '186.59',
    });
    const rows: string[][] = parse((await call('GET', csv.json().downloadUrl)).rawPayload, {
      bom: true,
      relax_column_count: true,
    });
    const at = rows.findIndex((r) => r[0] === 'Expenses paid back (not taxed)');
    expect(at).toBeGreaterThan(0);
    expect(rows.slice(at + 1, at + 4).map((r) => r.slice(0, 3))).toEqual([
      ['Date', 'Expense', 'Amount (USD)'],
      ['2026-03-02', 'Mileage: 42.5 mi × 0.655 USD per mile', '27.84'],
      ['2026-03-02', 'Expense: Parking', '8.75'],
    ]);
    const cells = rows.map((r) => r.slice(0, 2));
    expect(cells).toContainEqual(['Expenses (not taxed) (USD)', '36.59']);
    expect(cells).toContainEqual(['Total due (USD)', '186.59']);
    // Tips are never billed.
    expect(rows.flat().some((cell) => /tip/i.test(cell))).toBe(false);

    const pdf = await call('POST', '/api/timesheets/generate', {
      employerId: courierId,
      format: 'pdf',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    const bytes = (await call('GET', pdf.json().downloadUrl)).rawPayload;
    const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
    const text = run.stdout.toString().replace(/\s+/g, ' ');
    expect(text).toContain('Expenses paid back (not taxed)');
    expect(text).toContain('Mileage: 42.5 mi × $0.655 per mile');
    expect(text).toContain('$27.84');
    expect(text).toContain('Expense: Parking');
    expect(text).toMatch(/Expenses \(not taxed\) \+\$36\.59/);
    expect(text).toContain('TOTAL DUE');
    expect(text).toContain('$186.59');
  });

  it('the pay ledger expects the expenses with the pay, and the dashboard counts tips apart', async () => {
    const ledger = (await call('GET', '/api/payments/ledger')).json();
    const courier = ledger.employers.find(
      (e: { employerId: number }) => e.employerId === courierId,
    );
    const march = courier.periods.find((p: { from: string }) => p.from === '2026-03-01');
    expect(march).toMatchObject({
      grossCents: 15_000,
      expenseCents: 3_659,
      expectedCents: 18_659,
    });
    // Today, in the user's zone: $5.00 cash tips and 10 miles ($6.55).
    const today = todayIn(DEFAULT_TIME_ZONE);
    const before = (await call('GET', '/api/dashboard/stats?period=week')).json();
    const logged = await call('POST', '/api/work-logs', {
      ...SHIFT,
      date: today,
      employerId: courierId,
      tipsCash: '5',
      distance: '10',
    });
    expect(logged.statusCode).toBe(201);
    const stats = (await call('GET', '/api/dashboard/stats?period=week')).json();
    const cents = (money: string) => Math.round(Number(money) * 100);
    expect(cents(stats.tips) - cents(before.tips)).toBe(500);
    expect(cents(stats.expenses) - cents(before.expenses)).toBe(655);
    // Earnings stay pay: 7.5 h × $20; what is due adds the expenses, never the tips.
    expect(cents(stats.earnings) - cents(before.earnings)).toBe(15_000);
    expect(cents(stats.totalDue) - cents(before.totalDue)).toBe(15_655);
    await call('DELETE', `/api/work-logs/${logged.json().id}`);
  });

  it('the account export carries them', async () => {
    const res = await call('GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const log = body.workLogs.find((l: { employerId: number }) => l.employerId === courierId);
    expect(log).toMatchObject({
      tipsCash: '12.50',
      tipsCard: '30.00',
      distance: '42.5',
      mileageRate: '0.655',
      distanceUnit: 'mi',
      expenses: '36.59',
    });
    const employer = body.employers.find((e: { id: number }) => e.id === courierId);
    expect(employer).toMatchObject({ mileageRate: '0.655', distanceUnit: 'mi' });
  });
});
