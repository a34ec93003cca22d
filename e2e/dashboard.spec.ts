import { checkA11y, expect, signUpThroughUi, switchTheme, test } from './fixtures';
import { chooseEmployer, setTime } from './work-logs.helpers';

/** Dashboard: the first-run walk-through, quick actions changing the stats, the chart, axe, 375 px. */

test.describe.configure({ timeout: 90_000 });

const stat = (page: import('@playwright/test').Page, title: string) =>
  page
    .getByRole('region', { name: 'Stats' })
    .locator('div')
    .filter({
      has: page.getByRole('heading', { name: title, exact: true }),
    });

test('a new user adds an employer and logs a shift from the dashboard, and the stats follow', async ({
  page,
}) => {
  await signUpThroughUi(page);
  await expect(page.getByRole('heading', { name: 'Get started in two steps' })).toBeVisible();
  await expect(page.getByText('No Employers Added Yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log your first shift' })).toBeDisabled();
  await expect(stat(page, 'Shifts').first()).toContainText('None yet');

  await page.getByRole('button', { name: 'Add Employer', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add New Employer' });
  await add.getByLabel('Employer name').fill('Acme Studio');
  await add.getByLabel('Hourly rate ($)').fill('20');
  await add.getByRole('button', { name: 'Save Employer' }).click();
  await expect(add).toBeHidden();
  const employers = page.getByRole('list', { name: 'Active employers' });
  await expect(employers).toContainText('Acme Studio');
  await expect(page.getByRole('button', { name: 'Log your first shift' })).toBeEnabled();

  await page.getByRole('button', { name: 'Log New Shift' }).click();
  const log = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(log.getByRole('group', { name: 'Start time' })).toBeVisible();
  await chooseEmployer(page, log, 'Acme Studio');
  await setTime(log, 'Start time', '09:00 AM');
  await setTime(log, 'End time', '01:00 PM');
  await log.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(log).toBeHidden();

  await expect(stat(page, 'Hours').first()).toContainText('4.0');
  await expect(stat(page, 'Earnings').first()).toContainText('$80.00');
  await expect(stat(page, 'Shifts').first()).toContainText('1');
  await expect(stat(page, 'Active Employers').first()).toContainText('1');
  await expect(page.getByRole('heading', { name: 'Get started in two steps' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recent work logs' })).toContainText('Acme Studio');

  const chart = page.getByRole('img', {
    name: /Hours per day from .*4\.0 h in all; Acme Studio 4\.0 h/,
  });
  await expect(chart).toBeVisible();
  const totals = page.getByRole('table', { name: 'Hours and earnings per employer' });
  await expect(totals.getByRole('row', { name: /Acme Studio/ })).toContainText('$80.00');

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'This Year' }).click();
  await expect(page.getByRole('heading', { name: 'Hours This Year' })).toBeVisible();
  await expect(stat(page, 'Hours').first()).toContainText('4.0');
  await page.getByRole('link', { name: 'View work logs' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('This Year');

  for (const theme of ['Light', 'Dark'] as const) {
    await switchTheme(page, theme);
    await checkA11y(page, `dashboard ${theme}`);
  }
});

test('the first-run dashboard passes axe in light and dark and fits a 375 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpThroughUi(page);
  await expect(page.getByText('No Employers Added Yet')).toBeVisible();
  for (const theme of ['Light', 'Dark'] as const) {
    await switchTheme(page, theme);
    await checkA11y(page, `first-run dashboard ${theme}`);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
