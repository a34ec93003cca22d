import { startAdding } from './employers.helpers';
import {
  addEmployerThroughApi,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  submitReads,
  test,
  textAppears,
} from './fixtures';

/** Employers: what the add dialog refuses, keeps and asks before throwing away. */

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('a second employer with the same name is refused at the name field, keeping the input', async ({
  page,
  consoleErrors,
}) => {
  // The refused POST, which Chromium logs; nothing else may be logged.
  consoleErrors.expect(/status of 409 \(Conflict\)/, 1);
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme', hourlyRate: '20' });
  const dialog = await startAdding(page, 'ACME', '30');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  const message = 'You already have an employer named "Acme"';
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByLabel('Employer name')).toHaveAccessibleDescription(message);
  await expect(dialog.getByLabel('Employer name')).toHaveValue('ACME');
  await expect(dialog.getByLabel('Hourly rate ($)')).toHaveValue('30');
  await expect(dialog).toBeVisible();
  await checkA11y(page, 'duplicate name');
});

test("an empty tax rate means 0 %, and '1e3' as a rate gets a message that says why", async ({
  page,
}) => {
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'No Tax Ltd', '1e3');
  await dialog.getByLabel('Tax rate (%)').fill('');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog.getByText('Hourly rate must be a plain number like 24.50')).toBeVisible();
  await expect(dialog.getByText(/Tax rate must/)).toHaveCount(0);
  await dialog.getByLabel('Hourly rate ($)').fill('15');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'No Tax Ltd').getByText('0.00%')).toBeVisible();
});

test('closing a half-filled form asks first; an untouched one closes at once', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/employers');
  const add = page.getByRole('button', { name: 'Add Employer' }).first();
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  await expect(dialog.getByLabel('Employer name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await add.click();
  await dialog.getByLabel('Employer name').fill('Half Done');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await checkA11y(page, 'discard changes');
  await ask.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(dialog.getByLabel('Employer name')).toHaveValue('Half Done');
  await expect(dialog.getByLabel('Employer name')).toBeFocused();

  await page.mouse.click(5, 5); // the backdrop
  await ask.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('a save without network says it did not go through and keeps the form', async ({
  page,
  consoleErrors,
}) => {
  // Chromium logs the request this test cuts off on purpose; nothing else may be logged.
  consoleErrors.expect(/ERR_INTERNET_DISCONNECTED/, 1);
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'Offline Co', '20');
  await page.route('**/api/employers', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  // "Try Again" shows for 2 s and the toast for 5: both watched in the page from before the click.
  const tryAgain = submitReads(page, 'Try Again');
  const told = textAppears(
    page,
    'Could not reach the server. Your changes are still here: try again.',
  );
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await Promise.all([tryAgain, told]);
  await expect(dialog.getByLabel('Employer name')).toHaveValue('Offline Co');

  await page.unroute('**/api/employers');
  await expect(dialog.getByRole('button', { name: 'Save Employer' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(page.getByText('Employer added successfully', { exact: true })).toBeVisible();
  await expect(card(page, 'Offline Co')).toBeVisible();
});
