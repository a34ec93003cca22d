import type { Locator, Page } from '@playwright/test';
import { signInAdmin } from './admin.helpers';
import { addEmployerThroughApi, expect, signUpThroughApi, test } from './fixtures';
import { findMail, waitForMail } from './mail.helpers';
import { addWorkLog, chooseEmployer, row, todayInNewYork } from './work-logs.helpers';

/** What a new user tripped over on a first walk through the app, one test each. */

test.describe.configure({ timeout: 60_000 });

/** How many lines the text of an element takes on screen. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
  });

test('the sign-in and sign-up pages carry their titles in the HTML sent before any script', async ({
  page,
}) => {
  for (const [path, title] of [
    ['/login', 'Sign in · Hourbook'],
    ['/register', 'Create your account · Hourbook'],
  ]) {
    const html = await (await page.request.get(path ?? '')).text();
    expect(html).toContain(`<title>${title}</title>`);
  }
});

test('every page has its own title', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Hourbook');
  await page.goto('/register');
  await expect(page).toHaveTitle('Create your account · Hourbook');
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Forgot password · Hourbook');
  await signUpThroughApi(page);
  const titles: Record<string, string> = {
    '/': 'Dashboard · Hourbook',
    '/employers': 'Employers · Hourbook',
    '/work-logs': 'Work Logs · Hourbook',
    '/timesheet-reports': 'Timesheet Reports · Hourbook',
    '/settings': 'Settings · Hourbook',
    '/no-such-page': 'Page not found · Hourbook',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // Moving inside the app changes it too, without a reload.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Employers' })
    .click();
  await expect(page).toHaveTitle('Employers · Hourbook');
});

test('a signed-in user who opens /register lands on the dashboard', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
});

/** A user with a long-named employer and an 11.5 h overnight shift with a long note. */
async function longShift(page: Page) {
  await signUpThroughApi(page);
  const employer = await addEmployerThroughApi(page, {
    name: 'Northwind Traders International',
    hourlyRate: '1234.56',
    departments: ['Front of house'],
  });
  await addWorkLog(page, {
    employerId: employer.id,
    date: todayInNewYork(),
    startTime: '19:00',
    endTime: '06:30',
    department: 'Front of house',
    note: 'Covered the late shift for a colleague, restocked the bar, closed the till and locked up after the delivery that came in very late at night',
  });
  const res = await page.request.patch('/api/settings/general', {
    data: { timeFormat: '12-hour' },
  });
  expect(res.status()).toBe(200);
}

test('hours stay on one line in the work-log table at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await longShift(page);
  await page.goto('/work-logs');
  const hours = row(page, 'Northwind').getByRole('cell', { name: '11.5 h', exact: true });
  await expect(hours).toBeVisible();
  expect(await lineCount(hours)).toBe(1);
});

test('the report history shows its actions and the preview keeps notes readable at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await longShift(page);
  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Northwind Traders International' }).click();
  await page.getByRole('button', { name: 'This week' }).click();
  await page.getByLabel('Include notes').check();
  const preview = page.getByRole('region', { name: 'Preview' });
  const note = preview.getByRole('cell', { name: /^Covered the late shift/ });
  await expect(note).toBeVisible();
  // A note of 26 words takes a few lines, not one word a line.
  expect(await lineCount(note)).toBeLessThanOrEqual(6);
  const dates = preview.getByRole('row').nth(1).getByRole('cell').first();
  expect(await lineCount(dates)).toBe(1);

  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const history = page.getByRole('region', { name: 'Generated Reports', exact: true });
  const first = history.getByRole('row').nth(1);
  // Down to the row, by its first cell: the frame is not scrolled sideways.
  await first.getByRole('cell').first().scrollIntoViewIfNeeded();
  await expect(first.getByRole('button', { name: /^Download the report/ })).toBeInViewport({
    ratio: 1,
  });
  await expect(first.getByRole('button', { name: /^Email the report/ })).toBeInViewport({
    ratio: 1,
  });
  await expect(first.getByRole('button', { name: /^Delete the report/ })).toBeInViewport({
    ratio: 1,
  });
  // Nor does the Actions column cover the status beside it.
  const badge = first.getByText('Generated', { exact: true });
  const covered = await badge.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
    return !element.contains(hit);
  });
  expect(covered, 'the status badge is under the Actions column').toBe(false);

  // The same report again makes no twin row: the one there is refreshed, and a toast says so.
  const rows = history.getByRole('row');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(
    page.getByText('This report was already in your history; it was updated.').first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(rows).toHaveCount(2);
  // Without the notes it is another report; Delete, once confirmed, takes one away.
  await page.getByLabel('Include notes').uncheck();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(rows).toHaveCount(3);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Delete the report/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this report?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
});

test('every Settings tab, Admin too, can be reached on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAdmin(page);
  await page.goto('/settings');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.filter({ hasText: 'Admin' })).toBeVisible();
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
});

/** The temporary password in a forgot-password mail's text. */
const codeIn = (text: string) =>
  /temporary password is:\s+(\S[^\n]*)/.exec(text)?.[1]?.trim() ?? '';

test('forgot password: a reload stays on the code step, a new code says the old one is gone, the mail links back', async ({
  page,
}) => {
  const email = await signUpThroughApi(page);
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Temporary Password' }).click();
  const codeStep = page.getByRole('heading', { level: 2, name: /Step 2 of 3/ });
  await expect(codeStep).toBeVisible();
  const subject = 'Your Hourbook temporary password';
  const first = (await waitForMail('smtp-inbox', email, subject)).text ?? '';
  const firstCode = codeIn(first);
  expect(firstCode).not.toBe('');

  await page.reload();
  await expect(codeStep).toBeVisible();
  await expect(
    page.getByText(`Enter the temporary password from the mail sent to ${email}`),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('status')).toContainText('the one mailed before no longer does');
  let second = '';
  await expect
    .poll(async () => {
      second = (await findMail('smtp-inbox', email, subject))?.text ?? '';
      return codeIn(second) !== '' && codeIn(second) !== firstCode;
    })
    .toBe(true);
  expect(second).toContain('one mailed before this one no longer does');

  // The mail's link opens step 2 for that address, in a fresh tab.
  const link = /(http\S+\/forgot-password\?email=\S+&step=code)/.exec(second)?.[1] ?? '';
  expect(new URL(link).searchParams.get('email')).toBe(email);
  const other = await page.context().newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole('heading', { level: 2, name: /Step 2 of 3/ })).toBeVisible();
  await other.getByLabel('Temporary password', { exact: true }).fill(codeIn(second));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('heading', { level: 2, name: /Step 3 of 3/ })).toBeVisible();
});

test("the browser's Back closes an open dialog, asking first when it holds changes", async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Work Logs' })
    .click();
  await expect(page).toHaveURL(/\/work-logs$/);

  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  const note = dialog.getByLabel('Note');
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  await note.fill('Half a thought');
  await page.goBack();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(note).toHaveValue('Half a thought');
  await expect(page).toHaveURL(/\/work-logs$/);

  // Back again and discard: closed, still on the page.
  await page.goBack();
  await discard.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/work-logs$/);

  // A clean dialog closes at once on Back; its own Cancel leaves no entry behind either.
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  await expect(note).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(/\/work-logs$/);
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // So one more Back leaves the page for the dashboard, as if no dialog had been opened.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Leaving the tab while the dialog holds changes asks the browser's own question.
  const other = await page.context().newPage();
  await other.goto('/work-logs');
  await other.getByRole('button', { name: 'New Work Log' }).first().click();
  await other.getByRole('dialog', { name: 'Log Work Hours' }).getByLabel('Note').fill('Unsaved');
  const asked = new Promise<string>((resolve) =>
    other.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    }),
  );
  await other.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await expect(
    other.getByRole('dialog', { name: 'Log Work Hours' }).getByLabel('Note'),
  ).toHaveValue('Unsaved');
});

/** Where the papercut screenshots go when asked for (never committed). */
const shotsDir = process.env.PAPERCUTS_SHOTS;

test('a shift pasted into the start box fills both times and saves as pasted', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  await page.goto('/work-logs');
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await chooseEmployer(page, dialog, 'Night Depot');
  // A real paste from the clipboard, as a user copying from a roster would do it.
  await page.evaluate(() => navigator.clipboard.writeText('22:00-06:30'));
  await dialog.getByLabel('Start time hour').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('10');
  await expect(
    dialog.getByRole('group', { name: 'Start time' }).getByRole('radio', { name: 'PM' }),
  ).toBeChecked();
  await expect(dialog.getByLabel('End time hour')).toHaveValue('06');
  await expect(dialog.getByLabel('End time minutes')).toHaveValue('30');
  await expect(dialog.getByTestId('shift-preview')).toContainText('(ends next day)');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  const saved = await page.request.get('/api/work-logs');
  const logs = (await saved.json()) as { startTime: string; endTime: string }[];
  expect(logs.map((log) => [log.startTime.slice(0, 5), log.endTime.slice(0, 5)])).toEqual([
    ['22:00', '06:30'],
  ]);
});

test('a new work log starts with the last employer and its usual hours', async ({ page }) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const depot = await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  const shift = (employerId: number, startTime: string, endTime: string, date: string) =>
    addWorkLog(page, { employerId, startTime, endTime, date });
  await shift(depot.id, '22:00', '06:30', '2026-11-02');
  await shift(depot.id, '22:00', '06:30', '2026-11-09');
  await shift(depot.id, '18:00', '23:00', '2026-11-16');
  // Logged last, though for an earlier day: Acme is the last employer used.
  await shift(acme.id, '08:00', '12:00', '2026-11-01');
  await shift(acme.id, '08:00', '12:00', '2026-10-25');
  await shift(acme.id, '10:00', '16:00', '2026-10-18');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    await page.goto('/work-logs');
    await page.getByRole('button', { name: 'New Work Log' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
    await expect(dialog.getByRole('combobox', { name: 'Employer' })).toHaveText(/Acme Studio/);
    await expect(dialog.getByLabel('Start time hour')).toHaveValue('08');
    await expect(
      dialog.getByRole('group', { name: 'Start time' }).getByRole('radio', { name: 'AM' }),
    ).toBeChecked();
    await expect(dialog.getByLabel('End time hour')).toHaveValue('12');
    await expect(dialog.getByTestId('shift-preview')).toContainText('4.0 h');
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/new-log-defaults-${width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('on a 375 px phone New Work Log stays in reach and more than three shifts fit a screen', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    departments: ['Front desk'],
  });
  for (let day = 1; day <= 9; day++) {
    await addWorkLog(page, {
      employerId: acme.id,
      date: `2026-11-${String(day).padStart(2, '0')}`,
      startTime: '09:00',
      endTime: '17:30',
      breakDuration: 30,
      department: 'Front desk',
      note: day === 1 ? 'Inventory day, stayed to count the storeroom' : null,
    });
  }
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/work-logs');
  const cards = page.getByRole('list', { name: 'Work logs' }).getByRole('listitem');
  await expect(cards).toHaveCount(9);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  const pitch = (second?.y ?? 0) - (first?.y ?? 0);
  const perScreen = 667 / pitch;
  test
    .info()
    .annotations.push({ type: 'cards per 667 px screen', description: perScreen.toFixed(2) });
  expect(perScreen).toBeGreaterThan(4);

  // Scrolled to the very end, the button is on screen and the last card is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const add = page.getByRole('button', { name: 'New Work Log' });
  await expect(add).toHaveCount(1);
  await expect(add).toBeInViewport({ ratio: 1 });
  const button = await add.boundingBox();
  const last = await cards.last().boundingBox();
  expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(button?.y ?? 0);
  // Nor is the footer's line under it.
  const footerLine = await page.getByRole('contentinfo').evaluate((footer) => {
    const range = document.createRange();
    range.selectNodeContents(footer);
    const rect = range.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
  expect(footerLine.bottom).toBeLessThanOrEqual(button?.y ?? 0);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/phone-list-375.png` });
  await add.click();
  await expect(page.getByRole('dialog', { name: 'Log Work Hours' })).toBeVisible();
  await page.keyboard.press('Escape');

  // At 1280 px the header's button is the one, and there is no floating one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(add).toHaveCount(1);
  await expect(add).toBeInViewport({ ratio: 1 });
  const header = await add.boundingBox();
  expect(header?.y ?? 999).toBeLessThan(200);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/list-1280.png` });
});
