import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, signUpThroughApi, test } from './fixtures';

type NewEmployer = { name: string; hourlyRate: string } & Record<string, unknown>;

async function addEmployer(page: Page, body: NewEmployer) {
  const res = await page.request.post('/api/employers', { data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

async function addWorkLog(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/work-logs', {
    data: { breakDuration: 0, hourlyRateAtTime: 0, ...body },
  });
  expect(res.status()).toBe(201);
}

/** Today in the user's zone: sign-up through the API leaves the default, New York. */
const todayInNewYork = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

async function setTime(dialog: Locator, which: 'Start time' | 'End time', time: string) {
  const [, hour, minute, period] = /^(\d\d):(\d\d) (AM|PM)$/.exec(time) ?? [];
  const group = dialog.getByRole('group', { name: which });
  await group.getByLabel(`${which} hour`).fill(hour ?? '');
  await group.getByLabel(`${which} minutes`).fill(minute ?? '');
  await group.getByRole('radio', { name: period }).check();
}

async function chooseEmployer(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name }).click();
}

async function openNewLog(page: Page) {
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
  return dialog;
}

const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

test('a shift is logged, edited and deleted through the dialog with AM/PM times', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployer(page, { name: 'Acme Studio', hourlyRate: '24.00' });
  await page.goto('/work-logs');
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();

  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await setTime(dialog, 'Start time', '09:00 AM');
  await setTime(dialog, 'End time', '05:30 PM');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await expect(dialog.getByTestId('shift-preview')).toContainText('8.0 h · $192.00');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(page.getByText('Work log added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const logged = row(page, 'Acme Studio');
  await expect(logged).toContainText('9:00 AM – 5:30 PM');
  await expect(logged).toContainText('8.0 h');
  await expect(logged).toContainText('$192.00');
  await expect(logged).toContainText('30 min');
  await expect(page.getByText('Showing 1–1 of 1', { exact: true })).toBeVisible();

  await logged.getByRole('button', { name: /^Edit work log for Acme Studio on / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Work Log' });
  await expect(edit.getByLabel('End time hour')).toHaveValue('05');
  await setTime(edit, 'End time', '06:00 PM');
  await edit.getByRole('button', { name: 'Update Work Log' }).click();
  await expect(page.getByText('Work Log Updated', { exact: true })).toBeVisible();
  await expect(logged).toContainText('9:00 AM – 6:00 PM');
  await expect(logged).toContainText('8.5 h');
  await expect(logged).toContainText('$204.00');

  await logged.getByRole('button', { name: /^Delete work log for Acme Studio on / }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this work log?' });
  await checkA11y(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Work log deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();
});

test('an overnight shift counts the hours past midnight', async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployer(page, { name: 'Night Depot', hourlyRate: '20.00' });
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Night Depot');
  await setTime(dialog, 'Start time', '10:00 PM');
  await setTime(dialog, 'End time', '06:00 AM');
  await expect(dialog.getByTestId('shift-preview')).toContainText('(ends next day)');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const logged = row(page, 'Night Depot');
  await expect(logged).toContainText('10:00 PM – 6:00 AM (+1 day)');
  await expect(logged).toContainText('8.0 h');
  await expect(logged).toContainText('$160.00');
});

test('filters survive moving between pages, reset after a reload, and search finds by employer', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployer(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const north = await addEmployer(page, { name: 'Northwind Café', hourlyRate: '18.00' });
  const today = todayInNewYork();
  await addWorkLog(page, {
    employerId: acme.id,
    date: today,
    startTime: '09:00',
    endTime: '17:00',
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: '2021-01-05',
    startTime: '09:00',
    endTime: '12:00',
  });
  await addWorkLog(page, {
    employerId: north.id,
    date: today,
    startTime: '13:00',
    endTime: '15:00',
  });

  await page.goto('/work-logs');
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Filter by employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('combobox', { name: 'Filter by date' }).click();
  await page.getByRole('option', { name: 'This Month' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Acme Studio')).toContainText('8.0 h');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Employers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await nav.getByRole('link', { name: 'Work Logs' }).click();
  await expect(page.getByRole('combobox', { name: 'Filter by employer' })).toHaveText(
    'Acme Studio',
  );
  await expect(page.getByRole('combobox', { name: 'Filter by date' })).toHaveText('This Month');
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Filter by employer' })).toHaveText(
    'All Employers',
  );
  await expect(page.getByRole('combobox', { name: 'Filter by date' })).toHaveText('All Time');
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('north');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Northwind Café')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('nobody');
  await expect(page.getByText('Try changing your filters or search term')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('row')).toHaveCount(4);
});

test('under 768 px the logs are cards that fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page);
  const acme = await addEmployer(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '22:00',
    endTime: '06:00',
    breakDuration: 30,
  });
  await page.goto('/work-logs');
  const cards = page.getByRole('list', { name: 'Work logs' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText('10:00 PM – 6:00 AM (+1 day)');
  await expect(cards).toContainText('7.5 h');
  await expect(cards).toContainText('$187.50');
  await expect(page.getByRole('table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
  await checkA11y(page, 'work logs at 375 px');

  await cards.getByRole('button', { name: /^Edit work log for Acme Studio/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('10');
  await checkA11y(page, 'edit dialog at 375 px');
});

test('the page, the dialog and the calendar pass axe, and the keyboard opens and closes the dialog', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployer(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    departments: ['Design', 'Front desk'],
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
  });
  await page.goto('/work-logs');
  await expect(row(page, 'Acme Studio')).toBeVisible();
  await checkA11y(page, 'work logs page');

  const newButton = page.getByRole('button', { name: 'New Work Log' });
  await newButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
  await checkA11y(page, 'work-log dialog');

  const department = dialog.getByRole('combobox', { name: 'Department' });
  await expect(department).toBeDisabled();
  await chooseEmployer(page, dialog, 'Acme Studio');
  await expect(department).toBeEnabled();

  await dialog.getByRole('button', { name: /^Date/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  const years = calendar.getByRole('combobox', { name: /year/i });
  await expect(years).toBeVisible();
  const yearOptions = await years.locator('option').allTextContents();
  const nextYear = new Date().getFullYear() + 1;
  expect(yearOptions[0]).toBe('2020');
  expect(yearOptions.at(-1)).toBe(String(nextYear));
  await checkA11y(page, 'calendar popover');
  await years.selectOption('2024');
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'March' });
  await calendar.getByRole('button', { name: /March 15th, 2024/ }).click();
  await expect(calendar).toBeHidden();
  await expect(dialog.getByRole('button', { name: /^Date/ })).toHaveText('Fri, Mar 15, 2024');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();
});
