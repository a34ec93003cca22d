import type { Locator, Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';
import {
  addWorkLog,
  chooseEmployer,
  displayDate,
  openNewLog,
  row,
  setTime,
  shiftDate,
  todayInNewYork,
} from './work-logs.helpers';

/**
 * Night Care pays $14.00 an hour, US federal overtime (over 40 h a week at 1.5×) and Nights
 * (+$2.00 an hour 22:00–06:00), and On call when switched on by hand (left off here). Its workweek is set to end today, so the week's shifts are all
 * in the past whatever day this runs: five days ago 20:00–04:00 (6 h of it at night: +$12.00),
 * then four days of 09:00–17:00: 40 h. A sixth shift today, 09:00–17:00, is all overtime:
 * straight time 48 h × $14.00 + $12.00 = $684.00, regular rate $684.00 ÷ 48 h = $14.25/h,
 * overtime premium 8 h × 0.5 × $14.25 = $57.00 (an estimate).
 */

test.describe.configure({ timeout: 90_000 });

const shoot = (page: Page, name: string, focus?: Locator) =>
  shootThemes(page, process.env.OVERTIME_SHOTS, name, focus);

test('a sixth 8-hour shift in a week shows 8:00 h of overtime at 1.5× before saving, in the list and on the dashboard', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const today = todayInNewYork();
  const todayWeekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const care = await addEmployerThroughApi(page, {
    name: 'Night Care',
    hourlyRate: '14.00',
    overtime: {
      preset: 'usFederal',
      workweekStartDay: (todayWeekday + 1) % 7,
      workweekStartTime: '00:00',
    },
    premiums: [
      {
        id: 'nights',
        name: 'Nights',
        kind: 'fixed',
        centsPerHour: 200,
        window: { start: '22:00', end: '06:00' },
      },
      { id: 'oncall', name: 'On call', kind: 'fixed', centsPerHour: 100, manualOnly: true },
    ],
  });
  const shift = (daysAgo: number, startTime: string, endTime: string) =>
    addWorkLog(page, { employerId: care.id, date: shiftDate(today, -daysAgo), startTime, endTime });
  await shift(5, '20:00', '04:00');
  for (const daysAgo of [4, 3, 2, 1]) await shift(daysAgo, '09:00', '17:00');

  await page.goto('/work-logs');
  const night = row(page, displayDate(shiftDate(today, -5)));
  await expect(night.getByText('Nights +$12.00')).toBeVisible();
  // 40 h exactly: no overtime yet.
  await expect(page.getByText(/^OT /)).toHaveCount(0);

  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Night Care');
  await setTime(dialog, 'Start time', '09:00 AM');
  await setTime(dialog, 'End time', '05:00 PM');
  const preview = dialog.getByTestId('shift-preview');
  await expect(preview).toContainText('8.0 h · $169.00');
  const lines = preview.getByLabel('Pay for this shift');
  await expect(lines).toContainText('Regular pay$112.00');
  await expect(lines).toContainText('Overtime 1.5× (weekly) 8:00 h (estimate)+$57.00');
  await expect(lines).toContainText('Total$169.00');
  await expect(preview).toContainText('Week overtime 1.5× 8:00 h, regular rate $14.25/h');
  await expect(preview).toContainText('regular rate = $684.00 ÷ 48:00 h');
  // By-hand premiums are offered, and left off.
  const byHand = dialog.getByRole('group', { name: 'Premiums on this shift' });
  await expect(byHand.getByRole('checkbox', { name: 'On call' })).not.toBeChecked();
  await checkA11y(page, 'the work-log dialog with its pay preview');
  await shoot(page, 'overtime-dialog', preview);
  await shoot(page, 'overtime-dialog-premiums', byHand);

  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  const sixth = row(page, displayDate(today));
  await expect(sixth.getByText('OT 1.5× 8:00 h est.')).toBeVisible();
  await expect(
    sixth
      .getByRole('list', { name: 'Premiums, overtime, tips and expenses' })
      .getByText('Overtime at 1.5×: 8:00 hours (estimate)'),
  ).toBeAttached();
  const totals = page.getByRole('region', { name: 'Totals for all your shifts' });
  await expect(totals.getByLabel('Earnings split')).toContainText(
    'Regular$672.00Premiums$12.00Overtime (estimate)$57.00',
  );
  await checkA11y(page, 'the work-log list with badges');
  // The table at desktop width, the cards at 375 px: whichever shows the badge.
  await shoot(
    page,
    'overtime-list',
    page.getByText('OT 1.5× 8:00 h est.').locator('visible=true').first(),
  );

  await page.goto('/');
  const overtime = page.getByRole('list', { name: 'Overtime this week by employer' });
  const line = overtime.getByRole('listitem').filter({ hasText: 'Night Care' });
  await expect(line).toContainText('48:00 h this week');
  await expect(line).toContainText('8:00 h overtime');
  await expect(line).toContainText('1.5× 8:00 h · premium $57.00 (estimate)');
  await expect(line).toContainText('Past 40 h: 0:00 h left');
  await checkA11y(page, 'the dashboard with overtime this week');
  await shoot(page, 'overtime-dashboard', overtime);
});
