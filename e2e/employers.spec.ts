import { openAction } from './employers.helpers';
import {
  addEmployerThroughApi,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  test,
} from './fixtures';

/** Employers: adding (by mouse and by keyboard alone), editing and deleting. */

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('a new user is invited to add a first employer and adds one through the dialog', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await page.goto('/employers');
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No employers found' })).toBeVisible();
  await expect(page.getByText('Get started by adding your first employer')).toBeVisible();
  await checkA11y(page, 'employers, empty');

  await page.getByRole('button', { name: 'Add Employer' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog.getByText('Employer name is required')).toBeVisible();
  await checkA11y(page, 'add employer dialog with messages');

  await dialog.getByLabel('Employer name').fill('Blue Bottle Cafe');
  await dialog.getByLabel('Hourly rate ($)').fill('24.50');
  await dialog.getByLabel('Tax rate (%)').fill('15.25');
  await dialog.getByRole('combobox', { name: 'Timesheet schedule' }).click();
  await page.getByRole('option', { name: 'Bi-Weekly' }).click();
  await dialog.getByLabel('Contact email').fill('payroll@bluebottle.example');
  await dialog.getByLabel('Departments', { exact: true }).fill('Kitchen');
  await dialog.getByLabel('Departments', { exact: true }).press('Enter');
  await dialog.getByLabel('Departments', { exact: true }).fill('  Bar ');
  await dialog.getByRole('button', { name: 'Add department' }).click();
  await dialog.getByLabel('Departments', { exact: true }).fill('kitchen');
  await dialog.getByLabel('Departments', { exact: true }).press('Enter');
  await expect(dialog.getByText('Each department can be added only once')).toBeVisible();
  await dialog.getByLabel('Departments', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();

  await expect(page.getByText('Employer added successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const cafe = card(page, 'Blue Bottle Cafe');
  await expect(cafe.getByText('Active', { exact: true })).toBeVisible();
  await expect(cafe.getByText('$24.50/hr')).toBeVisible();
  await expect(cafe.getByRole('list', { name: 'Departments' }).getByRole('listitem')).toHaveText([
    'Kitchen',
    'Bar',
  ]);
  await expect(cafe.getByText('payroll@bluebottle.example')).toBeVisible();
  await expect(cafe.getByText('N/A')).toHaveCount(1); // no phone
  await expect(cafe.getByText('Bi-Weekly')).toBeVisible();
  await expect(cafe.getByText('15.25%')).toBeVisible();
  await expect(cafe).toHaveClass(/border-l-blue-600/);
  // The list came from the cache update, and the server has it too.
  await page.reload();
  await expect(card(page, 'Blue Bottle Cafe').getByText('$24.50/hr')).toBeVisible();
});

test('an employer can be added with the keyboard alone', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/employers');
  const add = page.getByRole('button', { name: 'Add Employer' }).first();
  await expect(add).toBeVisible();
  for (let i = 0; i < 30 && !(await add.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  await expect(dialog.getByLabel('Employer name')).toBeFocused();
  await page.keyboard.type('Keyboard Co');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Hourly rate ($)')).toBeFocused();
  await page.keyboard.type('18.75');
  await page.keyboard.press('Tab'); // tax rate
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Tax method' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Rounding', exact: true })).toBeFocused();
  await page.keyboard.press('Tab'); // direction
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Precision' })).toBeFocused();
  await page.keyboard.press('Tab');
  const type = dialog.getByRole('combobox', { name: 'Employment type' });
  await expect(type).toBeFocused();
  await page.keyboard.press('Enter');
  await page
    .getByRole('option', { name: 'Contract' })
    .press('Enter')
    .catch(() => undefined);
  await expect(type).toHaveText('Contract');
  // The list gives the focus back to its button as it closes: Tab on from there.
  await expect(type).toBeFocused();
  await page.keyboard.press('Tab'); // schedule
  await page.keyboard.press('Tab'); // the day its periods start on
  await page.keyboard.press('Tab'); // paid days after the period
  await page.keyboard.press('Tab'); // payday's weekday
  await page.keyboard.press('Tab'); // mileage rate
  await page.keyboard.press('Tab'); // distance unit
  await page.keyboard.press('Tab'); // e-mail
  await page.keyboard.press('Tab'); // phone
  await page.keyboard.type('555-0100');
  await page.keyboard.press('Tab'); // address
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Departments', { exact: true })).toBeFocused();
  await page.keyboard.type('Warehouse');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // the + button
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove Warehouse' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Blue' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Green' })).toBeChecked();
  // Overtime and premiums: the preset, Add premium, and whose public holidays.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Overtime' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Add premium' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Public holidays from' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeFocused();
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Save Employer' })).toBeFocused();
  await page.keyboard.press('Space');

  await expect(page.getByText('Employer added successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  const keyboardCo = card(page, 'Keyboard Co');
  await expect(keyboardCo.getByText('$18.75/hr')).toBeVisible();
  await expect(keyboardCo.getByText('Contract')).toBeVisible();
  await expect(keyboardCo.getByText('555-0100')).toBeVisible();
  await expect(keyboardCo.getByText('Warehouse')).toBeVisible();
  await expect(keyboardCo).toHaveClass(/border-l-green-600/);
});

test('an employer is renamed and deactivated in the edit dialog', async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme', hourlyRate: '20' });
  await page.goto('/employers');
  await expect(card(page, 'Acme').getByText('Active', { exact: true })).toBeVisible();

  await openAction(page, 'Acme', 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Employer Details' });
  await expect(dialog.getByLabel('Employer name')).toHaveValue('Acme');
  await checkA11y(page, 'edit employer dialog');
  await dialog.getByLabel('Employer name').fill('Acme Corporation');
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(page.getByText('Employer updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const renamed = card(page, 'Acme Corporation');
  await expect(renamed.getByText('Inactive')).toBeVisible();
  await expect(card(page, 'Acme')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions for Acme Corporation' })).toBeFocused();
  await page.reload();
  await expect(card(page, 'Acme Corporation').getByText('Inactive')).toBeVisible();
});

test('an employer is deleted after a confirmation that warns about its logs', async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Old Job', hourlyRate: '12' });
  await page.goto('/employers');

  await openAction(page, 'Old Job', 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Old Job?' });
  await expect(confirm).toContainText(
    'Deleting an employer permanently removes all associated work logs and timesheets.',
  );
  await checkA11y(page, 'delete employer confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, 'Old Job')).toBeVisible();

  await openAction(page, 'Old Job', 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Employer deleted', { exact: true })).toBeVisible();
  await expect(card(page, 'Old Job')).toHaveCount(0);
  await expect(page.getByText('Get started by adding your first employer')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No employers found' })).toBeVisible();
});
