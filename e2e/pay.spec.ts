import type { Locator, Page } from '@playwright/test';
import { addDays, daysBetween, todayIn } from '../src/shared/domain/dates.ts';
import {
  type PayCalendar,
  paydayOf,
  payPeriodOf,
  previousPayPeriod,
} from '../src/shared/domain/pay-periods.ts';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog } from './work-logs.helpers';

/**
 * A nurse at St. Mary is paid $30.00 an hour bi-weekly, on the Friday after a period ends. She
 * worked three 8-hour shifts in each of the last two periods ($720.00 each), was paid $720.00
 * for the older and $682.50 for the newer, and records both on the Pay page: the server matches
 * them by amount and date, the newer period shows $37.50 short, and the dashboard says so too.
 */

test.describe.configure({ timeout: 150_000 });

const shotsDir = process.env.PAY_SHOTS;
// Sign-up through the API leaves the default zone.
const ZONE = 'America/New_York';

/** 'Oct 28 – Nov 10, 2026' (or across a year), as the page writes a period. */
function periodText(from: string, to: string) {
  const day = (date: string, year: boolean) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  return `${day(from, from.slice(0, 4) !== to.slice(0, 4))} – ${day(to, true)}`;
}

/** Light and dark at 1280 and 375 px, into PAY_SHOTS when it is set. */
async function shoot(page: Page, name: string, focus?: Locator) {
  if (!shotsDir) return;
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${shotsDir}/${name}-${width}${dark ? '-dark' : ''}.png`,
      fullPage: !focus,
    });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function recordPayment(page: Page, amount: string, today: string, daysBack: number) {
  await page.getByRole('button', { name: 'Record payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('combobox', { name: 'Employer' })).toHaveText('St. Mary');
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
  if (daysBack > 0) {
    await dialog.getByRole('button', { name: /^Received on/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose the day it was received' });
    await expect(calendar.locator(`[data-day="${today}"] button`)).toBeFocused();
    for (let i = 0; i < daysBack; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
  }
  await expect(dialog.getByRole('radio', { name: 'Match automatically' })).toBeChecked();
  return dialog;
}

test('two payments matched by the server: one in full, one $37.50 short', async ({ page }) => {
  await signUpThroughApi(page);
  const today = todayIn(ZONE);
  // Anchored so that today is ten days into a period: the newer one's payday has passed.
  const anchor = addDays(today, -10);
  const calendar: PayCalendar = {
    schedule: 'biweekly',
    anchorDate: anchor,
    paydayDays: 1,
    paydayWeekday: 5,
  };
  const current = payPeriodOf(calendar, today);
  const newer = previousPayPeriod(calendar, current);
  const older = previousPayPeriod(calendar, newer);
  const employer = await addEmployerThroughApi(page, {
    name: 'St. Mary',
    hourlyRate: '30.00',
    taxMethod: 'none',
    timesheetSchedule: 'biweekly',
    payAnchorDate: anchor,
    paydayDays: 1,
    paydayWeekday: 5,
  });
  for (const period of [older, newer]) {
    for (const offset of [0, 1, 2]) {
      await addWorkLog(page, {
        employerId: employer.id,
        date: addDays(period.from, offset),
        startTime: '07:00',
        endTime: '15:00',
      });
    }
  }
  expect(daysBetween(paydayOf(calendar, newer), today)).toBeGreaterThanOrEqual(0);

  await page.goto('/pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Owed to you$1,440.00');
  await checkA11y(page, 'the Pay page before any payment');

  // The older period's pay, on its payday: only it had ended then, so it is the one paid.
  const olderPayday = paydayOf(calendar, older);
  let dialog = await recordPayment(page, '720.00', today, daysBetween(olderPayday, today));
  await checkA11y(page, 'the Record payment dialog');
  await shoot(page, 'pay-dialog', dialog);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByText(`Payment recorded: pays ${periodText(older.from, older.to)}`, { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The newer one's, $37.50 short, today (past its payday).
  dialog = await recordPayment(page, '682.50', today, 0);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByText(`Payment recorded: pays ${periodText(newer.from, newer.to)}`, { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const periods = page.getByRole('group', { name: 'St. Mary: pay periods' });
  const rowOf = (from: string, to: string) =>
    periods.getByRole('row').filter({ hasText: periodText(from, to) });
  await expect(rowOf(newer.from, newer.to)).toContainText('Underpaid by $37.50');
  await expect(rowOf(older.from, older.to)).toContainText('Paid in full');
  await expect(periods).toContainText('$37.50 of the $720.00 expected has not been received');
  await expect(summary).toContainText('Owed to you$37.50');
  const payments = page.getByRole('list', { name: 'Payments received' });
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments).not.toContainText('Not matched');
  await checkA11y(page, 'the Pay page with two payments');
  await shoot(page, 'pay-page');

  // "Record payment" on the short period: St. Mary, the $37.50 still owed, that period chosen.
  await page
    .getByRole('button', {
      name: `Record payment for St. Mary, ${periodText(newer.from, newer.to)}`,
    })
    .click();
  dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('37.50');
  await expect(dialog.getByRole('radio', { name: 'Choose periods' })).toBeChecked();
  await expect(
    dialog.getByRole('checkbox', { name: periodText(newer.from, newer.to) }),
  ).toBeChecked();
  await expect(
    dialog.getByRole('textbox', { name: `Amount for ${periodText(newer.from, newer.to)}` }),
  ).toHaveValue('37.50');
  await checkA11y(page, 'the Record payment dialog with periods to choose');
  await shoot(page, 'pay-dialog-periods', dialog.getByRole('group', { name: 'Pays' }));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Paid in full: the older period is closed, and its shifts locked until it is reopened.
  await page
    .getByRole('button', { name: `Close St. Mary, ${periodText(older.from, older.to)}` })
    .click();
  await expect(page.getByText('Period closed', { exact: true })).toBeVisible();
  await expect(
    rowOf(older.from, older.to).getByRole('button', {
      name: `Reopen St. Mary, ${periodText(older.from, older.to)}`,
    }),
  ).toBeVisible();
  await expect(periods).toContainText('its shifts are locked.');
  await shoot(page, 'pay-page-closed', page.getByRole('heading', { name: 'St. Mary' }));
  const logs = (await (await page.request.get('/api/work-logs')).json()) as {
    id: number;
    date: string;
  }[];
  const locked = logs.find((l) => l.date >= older.from && l.date <= older.to)!;
  const refused = await page.request.patch(`/api/work-logs/${locked.id}`, {
    data: { note: 'changed after closing' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('period_closed');
  await page
    .getByRole('button', { name: `Reopen St. Mary, ${periodText(older.from, older.to)}` })
    .click();
  const reopen = page.getByRole('dialog', { name: 'Reopen this period?' });
  await reopen.getByLabel(/Why reopen it/).fill('Payroll asked for a corrected sheet');
  await checkA11y(page, 'the Reopen dialog');
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(reopen).toBeHidden();
  await expect(periods).toContainText('Payroll asked for a corrected sheet');
  const allowed = await page.request.patch(`/api/work-logs/${locked.id}`, {
    data: { note: 'changed after reopening' },
  });
  expect(allowed.status()).toBe(200);

  // On a phone the periods are cards.
  await page.setViewportSize({ width: 375, height: 740 });
  const cards = page.getByRole('list', { name: 'St. Mary: pay periods' });
  await expect(cards).toBeVisible();
  await expect(cards).toContainText('Underpaid by $37.50');
  await checkA11y(page, 'the Pay page at 375 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const card = page
    .getByRole('heading', { name: 'Owed to you' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await expect(card).toContainText('Owed$37.50');
  await expect(card).toContainText('Overdue');
  await expect(card.getByRole('link', { name: 'See pay' })).toHaveAttribute('href', '/pay');
  await shoot(page, 'pay-dashboard-card', card);
});
