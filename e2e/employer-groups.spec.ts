import type { Locator, Page } from '@playwright/test';
import {
  addEmployerThroughApi,
  checkA11y,
  employerCard,
  expect,
  signUpThroughApi,
  test,
} from './fixtures';
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
 * Two sites of one hospital system: North pays $20.00 an hour, South $25.00, neither with
 * overtime rules of its own. In one workweek, three 8-hour days at North, then three at South;
 * the week is made to end today (the group's workweek starts tomorrow's weekday), so it is the
 * dashboard's current week whatever day this runs. Alone, 24 h at each is no overtime. Counted
 * as one, "Mercy Health" with US federal overtime: 48 h, straight time 24 × $20 + 24 × $25 =
 * $1,080.00, regular rate $22.50/h; the last 8 h (today's shift at South) are past 40 h:
 * 8 × 0.5 × $22.50 = $90.00. One shift's pay moves, from $200.00 to $290.00.
 */

test.describe.configure({ timeout: 120_000 });

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const shotsDir = process.env.GROUPS_SHOTS;
/** shootThemes takes 1280 light, 375 light and dark; the desktop in dark too. */
const shoot = async (page: Page, name: string, focus?: Locator) => {
  await shootThemes(page, shotsDir, name, focus);
  if (!shotsDir) return;
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await focus?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/${name}-1280-dark.png` });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

test('two sites counted as one: grouped in the dialog, the week paid again, shown on the card, the dashboard, the list and the preview', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const today = todayInNewYork();
  const tomorrowWeekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7;
  const north = await addEmployerThroughApi(page, { name: 'North', hourlyRate: '20.00' });
  const south = await addEmployerThroughApi(page, { name: 'South', hourlyRate: '25.00' });
  const shift = (employerId: number, daysAgo: number) =>
    addWorkLog(page, {
      employerId,
      date: shiftDate(today, -daysAgo),
      startTime: '08:00',
      endTime: '16:00',
    });
  for (const daysAgo of [5, 4, 3]) await shift(north.id, daysAgo);
  for (const daysAgo of [2, 1, 0]) await shift(south.id, daysAgo);

  await page.goto('/employers');
  await expect(employerCard(page, 'South')).toBeVisible();
  await shoot(page, 'page-header', page.getByRole('button', { name: 'Overtime groups' }));
  // By keyboard: the header's button, then New group; focus lands in the name.
  await page.getByRole('button', { name: 'Overtime groups' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Overtime groups' });
  await expect(dialog.getByRole('heading', { name: 'No overtime groups yet' })).toBeVisible();
  await dialog.getByRole('button', { name: 'New group' }).focus();
  await page.keyboard.press('Enter');
  const form = dialog.getByRole('form', { name: 'New group' });
  await expect(form.getByLabel('Name')).toBeFocused();

  // Saving with nothing chosen says what is missing.
  await dialog.getByRole('button', { name: 'Save group' }).click();
  await expect(form.getByText('Group name is required')).toBeVisible();
  await expect(form.getByText('Choose at least two employers to count together')).toBeVisible();

  await form.getByLabel('Name').focus();
  await page.keyboard.type('Mercy Health');
  await form.getByRole('combobox', { name: 'Overtime' }).click();
  await page.getByRole('option', { name: 'US federal (over 40 h a week)' }).click();
  await form.getByRole('combobox', { name: 'Workweek starts' }).click();
  await page.getByRole('option', { name: WEEKDAYS[tomorrowWeekday] }).click();
  for (const name of ['North', 'South']) {
    await form.getByRole('checkbox', { name }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('checkbox', { name })).toBeChecked();
  }
  await expect(
    form.getByText(
      "Saving pays every shift of these employers again under the group's overtime rules.",
    ),
  ).toBeVisible();
  await checkA11y(page, 'the overtime group form');
  await shoot(page, 'dialog-form', form.getByRole('checkbox', { name: 'North' }));

  await dialog.getByRole('button', { name: 'Save group' }).press('Enter');
  await expect(
    page.getByText('Mercy Health saved: 1 shift paid again ($200.00 → $290.00)', { exact: true }),
  ).toBeVisible();
  const group = dialog
    .getByRole('list', { name: 'Your overtime groups' })
    .getByRole('listitem')
    .filter({ hasText: 'Mercy Health' });
  await expect(group).toContainText('US federal (over 40 h a week)');
  await expect(group).toContainText('North and South together');
  await expect(dialog.getByRole('button', { name: 'Edit Mercy Health' })).toBeFocused();
  await checkA11y(page, 'the overtime groups list');
  await shoot(page, 'dialog-list', group);

  // Another group cannot take them: they are shown in Mercy Health, and cannot be chosen.
  await dialog.getByRole('button', { name: 'New group' }).click();
  const another = dialog.getByRole('form', { name: 'New group' });
  await expect(another.getByRole('checkbox', { name: 'North' })).toBeDisabled();
  await expect(another.getByRole('checkbox', { name: 'South' })).toHaveAccessibleDescription(
    'In Mercy Health',
  );
  await dialog.getByRole('button', { name: 'Save group' }).click();
  await expect(another.getByText('Group name is required')).toBeVisible();
  await checkA11y(page, 'the overtime group form with its errors');
  await shoot(page, 'dialog-form-errors', another.getByRole('checkbox', { name: 'South' }));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'New group' })).toBeFocused();

  // Not Escape: while the toast shows, Escape closes the toast first.
  await dialog.getByRole('button', { name: 'Close' }).first().press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Overtime groups' })).toBeFocused();
  const card = employerCard(page, 'South');
  await expect(card.getByText('With Mercy Health: US federal (over 40 h a week)')).toBeVisible();
  await shoot(page, 'card', card);

  // Stored: the group with both employers, and South's last shift paid $90.00 of overtime.
  const stored = await (await page.request.get('/api/employer-groups')).json();
  expect(stored.groups).toEqual([
    expect.objectContaining({
      name: 'Mercy Health',
      overtime: expect.objectContaining({ preset: 'usFederal', workweekStartDay: tomorrowWeekday }),
      employerIds: [north.id, south.id],
    }),
  ]);

  await page.goto('/');
  const overtime = page.getByRole('list', { name: 'Overtime this week by employer' });
  await expect(overtime.getByRole('listitem')).toHaveCount(1);
  const line = overtime.getByRole('listitem');
  await expect(line).toContainText('Mercy Health');
  await expect(line).toContainText('North and South together');
  await expect(line).toContainText('48:00 h this week');
  await expect(line).toContainText('1.5× 8:00 h · premium $90.00 (estimate)');
  await checkA11y(page, 'the dashboard with a group');
  await shoot(page, 'dashboard', overtime);

  await page.goto('/work-logs');
  const last = row(page, displayDate(today));
  await expect(last).toContainText('South');
  await expect(last.getByText('OT 1.5× 8:00 h est.')).toBeVisible();
  await expect(row(page, displayDate(shiftDate(today, -1))).getByText(/^OT /)).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Totals for all your shifts' }).getByLabel('Earnings split'),
  ).toContainText('Overtime (estimate)$90.00');

  // A shift more at North today is past 40 h too: the preview counts South's hours with it.
  const log = await openNewLog(page);
  await chooseEmployer(page, log, 'North');
  await setTime(log, 'Start time', '05:00 PM');
  await setTime(log, 'End time', '07:00 PM');
  await expect(log.getByTestId('shift-preview')).toContainText(
    'Mercy Health, all employers: Week overtime 1.5×',
  );
});
