import type { Page } from '@playwright/test';
import { todayIn } from '../src/shared/domain/dates.ts';
import { formatDisplayDate } from '../src/shared/domain/format.ts';
import {
  type PayCalendar,
  paydayOf,
  payPeriodOf,
  previousPayPeriod,
} from '../src/shared/domain/pay-periods.ts';
import { startAdding } from './employers.helpers';
import { checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';

/**
 * An agency nurse is paid semi-monthly on the 5th and the 20th, on the Friday after a period
 * ends. She says so in the employer form; Upcoming Timesheets and the report form's quick
 * ranges follow that calendar.
 */

test.describe.configure({ timeout: 120_000 });

const shotsDir = process.env.PAY_CALENDAR_SHOTS;
// Sign-up through the API leaves the default zone.
const ZONE = 'America/New_York';

/** 'Dec 4, 2026', as the cards write a date. */
const shortDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a semi-monthly calendar set in the form drives the pay period and the payday', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'Northside Agency', '42.00');
  await choose(page, 'Timesheet schedule', 'Semi-Monthly');
  await dialog.getByLabel('First period starts on day').fill('5');
  await dialog.getByLabel('Second period starts on day').fill('20');
  await dialog.getByLabel('Paid (days after the period ends)').fill('1');
  await choose(page, 'Payday', 'The Friday on or after');
  await shootThemes(page, shotsDir, 'pay-calendar-form', dialog.getByLabel('Payday'));
  await checkA11y(page, 'the pay calendar fields');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog).toBeHidden();

  const calendar: PayCalendar = {
    schedule: 'semimonthly',
    startDays: [5, 20],
    paydayDays: 1,
    paydayWeekday: 5,
  };
  const period = payPeriodOf(calendar, todayIn(ZONE));
  const stored = await (await page.request.get('/api/employers')).json();
  expect(stored[0]).toMatchObject({
    timesheetSchedule: 'semimonthly',
    payStartDays: [5, 20],
    paydayDays: 1,
    paydayWeekday: 5,
  });

  await page.goto('/timesheet-reports');
  const upcoming = page.getByRole('region', { name: 'Upcoming Timesheets' }).getByRole('listitem');
  await expect(upcoming).toHaveCount(1);
  const payday = paydayOf(calendar, period);
  await expect(upcoming).toContainText(`Payday ${shortDate(payday)}`);

  await choose(page, 'Employer', 'Northside Agency');
  await page.getByRole('button', { name: 'Current pay period' }).click();
  await expect(page.getByRole('button', { name: /^Start date/ })).toContainText(
    formatDisplayDate(period.from),
  );
  await expect(page.getByRole('button', { name: /^End date/ })).toContainText(
    formatDisplayDate(period.to),
  );
  await page.getByRole('button', { name: 'Last pay period' }).click();
  const previous = previousPayPeriod(calendar, period);
  await expect(page.getByRole('button', { name: /^Start date/ })).toContainText(
    formatDisplayDate(previous.from),
  );
  await expect(page.getByRole('button', { name: /^End date/ })).toContainText(
    formatDisplayDate(previous.to),
  );
  await shootThemes(page, shotsDir, 'upcoming-payday');
});
