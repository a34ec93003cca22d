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

/** A new user with one employer, Acme Studio at $25.00, and the dialog open with it chosen. */
async function newLogForAcme(page: Page) {
  await signUpThroughApi(page);
  await addEmployer(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  return dialog;
}

/** A new user whose employer Acme Studio ($25.00) has one shift today, on the Work Logs page. */
async function openWithAcmeShift(page: Page, employer: Record<string, unknown> = {}) {
  await signUpThroughApi(page);
  const acme = await addEmployer(page, { name: 'Acme Studio', hourlyRate: '25.00', ...employer });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
  });
  await page.goto('/work-logs');
  await expect(row(page, 'Acme Studio')).toBeVisible();
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
  const totals = page.getByRole('region', { name: /^Totals for/ });
  await expect(totals).toHaveAccessibleName('Totals for all your shifts');
  await expect(totals).toContainText('3 shifts');
  await expect(totals).toContainText('13.0 h');
  await expect(totals).toContainText('$311.00');
  await page.getByRole('combobox', { name: 'Filter by employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('combobox', { name: 'Filter by date' }).click();
  await page.getByRole('option', { name: 'This Month' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Acme Studio')).toContainText('8.0 h');
  await expect(totals).toHaveAccessibleName('Totals for these filters');
  await expect(totals).toContainText('1 shift');
  await expect(totals).toContainText('$200.00');

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
  // Accents and case aside: 'cafe' and 'CAFÉ' both find 'Café'.
  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('Acme');
  await expect(row(page, 'Northwind Café')).toHaveCount(0);
  for (const term of ['cafe', 'CAFÉ']) {
    await page.getByRole('searchbox', { name: 'Search Logs' }).fill(term);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, 'Northwind Café')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals for these filters' })).toContainText(
      '1 shift',
    );
  }
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
  await openWithAcmeShift(page, { departments: ['Design', 'Front desk'] });
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

test('17 typed as the end hour is 5 PM, and a break of 12.5 is refused with a message', async ({
  page,
}) => {
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '08:00 AM');
  const endHour = dialog.getByLabel('End time hour');
  await endHour.fill('17');
  await endHour.press('Tab');
  await expect(endHour).toHaveValue('05');
  await expect(
    dialog.getByRole('group', { name: 'End time' }).getByRole('radio', { name: 'PM' }),
  ).toBeChecked();
  await expect(dialog.getByTestId('shift-preview')).toContainText('9.0 h · $225.00');

  const breakField = dialog.getByLabel('Break (minutes)');
  await breakField.fill('12.5');
  await breakField.press('Tab');
  await expect(breakField).toHaveValue('12.5');
  await expect(breakField).toHaveAccessibleDescription('Break must be a whole number of minutes');
  await checkA11y(page, 'dialog with a refused break');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeVisible();
  await breakField.fill('0');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('8:00 AM – 5:00 PM');
  await expect(row(page, 'Acme Studio')).toContainText('9.0 h');
});

test('a note is saved with the shift and shown in the list', async ({ page }) => {
  const dialog = await newLogForAcme(page);
  const note = dialog.getByLabel('Note (optional)');
  await note.fill('x'.repeat(1001));
  await expect(dialog.getByText('1 character too many')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog.getByText('Note must be at most 1,000 characters')).toBeVisible();
  await note.fill('Covered the late shift for Sam');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('Covered the late shift for Sam');
});

test('a search the server refuses shows its reason and a way out, not an empty list', async ({
  page,
  consoleErrors,
}) => {
  await openWithAcmeShift(page);

  const tooLong = 'a'.repeat(201);
  const answer = await page.request.get(`/api/work-logs?search=${tooLong}`);
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as {
    code: string;
    message: string;
    errors?: Record<string, string>;
  };
  expect(body.code).toBe('validation_failed');

  const searchBox = page.getByRole('searchbox', { name: 'Search Logs' });
  await searchBox.fill(tooLong);
  const alert = page.getByRole('alert').filter({ hasText: "That search can't be run" });
  await expect(alert).toContainText(body.errors?.search ?? body.message);
  await expect(page.getByText('No Work Logs Found')).toHaveCount(0);
  await expect(searchBox).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page, 'refused search');
  await alert.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox).toHaveValue('');
  await expect(row(page, 'Acme Studio')).toBeVisible();
  // The browser logs each refused request; those lines are this test's expected outcome.
  dropExpected(consoleErrors, /status of 400/);
});

test('a save with the network gone says it did not go through and keeps the form', async ({
  page,
  context,
  consoleErrors,
}) => {
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '07:30 AM');
  await dialog.getByLabel('Note (optional)').fill('Opening shift');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('This work log was not saved');
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('07');
  await expect(dialog.getByLabel('Start time minutes')).toHaveValue('30');
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Opening shift');

  await context.setOffline(false);
  await dialog.getByRole('button', { name: /Try Again|Save Work Log/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('Opening shift');
  dropExpected(consoleErrors, /ERR_INTERNET_DISCONNECTED/);
});

const longName = 'Northwind Harbour Logistics & Cold Storage Cooperative';
const longNote =
  `Covered the late shift for Sam. ${'Restocked the cold room and counted the inventory twice. '.repeat(10)}`.trim();

for (const width of [375, 1280]) {
  test(`a 54-character employer name and a long note fit a ${width} px screen with Edit and Delete in view`, async ({
    page,
  }) => {
    expect(longName).toHaveLength(54);
    await page.setViewportSize({ width, height: 900 });
    await signUpThroughApi(page);
    const employer = await addEmployer(page, { name: longName, hourlyRate: '25.00' });
    await addWorkLog(page, {
      employerId: employer.id,
      date: todayInNewYork(),
      startTime: '22:00',
      endTime: '06:00',
      breakDuration: 30,
      note: longNote,
    });
    await page.goto('/work-logs');
    await page.getByRole('combobox', { name: 'Filter by employer' }).click();
    await page.getByRole('option', { name: longName }).click();
    const edit = page.getByRole('button', { name: new RegExp(`^Edit work log for ${longName}`) });
    const remove = page.getByRole('button', {
      name: new RegExp(`^Delete work log for ${longName}`),
    });
    // Scrolled to (a phone shows the card below the totals), then wholly on screen: nothing
    // pushed them out sideways.
    for (const button of [edit, remove]) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    await page
      .getByRole('button', { name: new RegExp(`^Show the whole note for ${longName}`) })
      .click();
    const note = page.getByRole('dialog', { name: new RegExp(`^Note for ${longName}`) });
    await expect(note).toContainText(longNote);
    expect(await fits()).toBe(true);
    await checkA11y(page, `long name and note at ${width} px`);
    await page.keyboard.press('Escape');

    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
    await expect(dialog.getByLabel('Note (optional)')).toHaveValue(longNote);
    await expect(dialog.getByRole('combobox', { name: 'Employer' })).toContainText(longName);
    expect(await fits()).toBe(true);
  });
}

/** Takes out of the console errors the lines a test expects (a refused request, being offline). */
function dropExpected(errors: string[], pattern: RegExp) {
  for (let i = errors.length - 1; i >= 0; i--)
    if (pattern.test(errors[i] ?? '')) errors.splice(i, 1);
}
