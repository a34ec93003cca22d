import type { Page } from '@playwright/test';
import {
  addEmployerThroughApi,
  allowConsoleErrors,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  switchTheme,
  test,
} from './fixtures';

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function openAction(page: Page, name: string, action: 'Edit' | 'Change Colours' | 'Delete') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

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
  const type = dialog.getByRole('combobox', { name: 'Employment type' });
  await expect(type).toBeFocused();
  await page.keyboard.press('Enter');
  await page
    .getByRole('option', { name: 'Contract' })
    .press('Enter')
    .catch(() => undefined);
  await expect(type).toHaveText('Contract');
  await page.keyboard.press('Tab'); // schedule
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

test('a colour change shows at once and is kept', async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Harbor Clinic', hourlyRate: '41.75' });
  await page.goto('/employers');
  const clinic = card(page, 'Harbor Clinic');
  await expect(clinic).toHaveClass(/border-l-blue-600/);

  await openAction(page, 'Harbor Clinic', 'Change Colours');
  const dialog = page.getByRole('dialog', { name: 'Change Colours' });
  await expect(dialog.getByRole('radio')).toHaveCount(8);
  await expect(dialog.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Blue' })).toBeFocused();
  // One key at a time, as a person presses them: each arrow moves the choice by one.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Green' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Purple' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Teal' }).click();
  await checkA11y(page, 'change colours dialog');

  // Hold the save back: the card must change before the server answers.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/employers/*', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Apply Colour' }).click();
  await expect(dialog).toBeHidden();
  await expect(clinic).toHaveClass(/border-l-teal-600/);
  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/api/employers/'),
  );
  release();
  expect((await saved).status()).toBe(200);
  await page.unroute('**/api/employers/*');

  await page.reload();
  await expect(card(page, 'Harbor Clinic')).toHaveClass(/border-l-teal-600/);
});

test('a colour change that fails says so and shows the stored colour again', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Flaky Ltd', hourlyRate: '10' });
  await page.goto('/employers');
  await page.route('**/api/employers/*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal', message: 'Something went wrong' }),
    }),
  );
  await openAction(page, 'Flaky Ltd', 'Change Colours');
  await page.getByRole('radio', { name: 'Red' }).click();
  await page.getByRole('button', { name: 'Apply Colour' }).click();
  await expect(
    page.getByText('Failed to update employer. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(card(page, 'Flaky Ltd')).toHaveClass(/border-l-blue-600/);
  // Chromium logs the refused PATCH, which this test causes on purpose; nothing else may be logged.
  const refused = /status of 500 \(Internal Server Error\)/;
  expect(consoleErrors.filter((e) => refused.test(e))).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused.test(e)));
});

test('the search filters by name in any letter case and says when nothing matches', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Blue Bottle Cafe', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Northwind Studio', hourlyRate: '80' });
  await page.goto('/employers');
  await expect(page.getByRole('article')).toHaveCount(2);

  const search = page.getByRole('searchbox', { name: 'Search employers' });
  await expect(search).toHaveAttribute('placeholder', 'Search employers...');
  await search.fill('NORTHwind');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Northwind Studio')).toBeVisible();
  await search.fill('bottle');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Blue Bottle Cafe')).toBeVisible();

  await search.fill('zebra');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No employers found' })).toBeVisible();
  await expect(page.getByText('Try a different search term or clear your search')).toBeVisible();
  await checkA11y(page, 'employers, nothing found');
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(2);
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

test('the page and every dialog pass axe in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, {
    name: 'Contrast Check',
    hourlyRate: '30',
    departments: ['Kitchen'],
    brandColor: 'orange',
  });
  await addEmployerThroughApi(page, { name: 'Inactive One', hourlyRate: '5', isActive: false });
  await page.goto('/employers');
  await expect(page.getByRole('article')).toHaveCount(2);
  for (const theme of ['Light', 'Dark'] as const) {
    await switchTheme(page, theme);
    await checkA11y(page, `employers ${theme}`);
    await page.getByRole('button', { name: 'Add Employer' }).click();
    await expect(page.getByRole('dialog', { name: 'Add New Employer' })).toBeVisible();
    await checkA11y(page, `add dialog ${theme}`);
    await page.keyboard.press('Escape');
    for (const [action, name] of [
      ['Edit', 'Edit Employer Details'],
      ['Change Colours', 'Change Colours'],
    ] as const) {
      await openAction(page, 'Contrast Check', action);
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await checkA11y(page, `${name} ${theme}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await openAction(page, 'Contrast Check', 'Delete');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await checkA11y(page, `delete ${theme}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
});

test('on a 375 px phone the cards stack and the dialog fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'First Place', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Second Place', hourlyRate: '25' });
  await page.goto('/employers');
  const first = await card(page, 'First Place').boundingBox();
  const second = await card(page, 'Second Place').boundingBox();
  expect(first && second).toBeTruthy();
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.x + first!.width).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await checkA11y(page, 'employers at 375 px');

  await page.getByRole('button', { name: 'Add Employer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeLessThanOrEqual(740);
  // The save button is reachable by scrolling inside the dialog.
  await dialog.getByRole('button', { name: 'Save Employer' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Save Employer' })).toBeInViewport();
  await checkA11y(page, 'add dialog at 375 px');
});

/** Opens the add dialog from the employers page and types a name and a rate. */
async function startAdding(page: Page, name: string, hourlyRate: string) {
  await page.goto('/employers');
  await page.getByRole('button', { name: 'Add Employer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  await dialog.getByLabel('Employer name').fill(name);
  await dialog.getByLabel('Hourly rate ($)').fill(hourlyRate);
  return dialog;
}

const LONG_NAME = 'Northwind Catering and Events Management Group Limited'; // 54 characters

for (const width of [375, 1280]) {
  test(`a 54-character name is cut short on its card and nothing overflows at ${width} px`, async ({
    page,
  }) => {
    expect(LONG_NAME).toHaveLength(54);
    await page.setViewportSize({ width, height: 800 });
    await signUpThroughApi(page);
    await addEmployerThroughApi(page, { name: LONG_NAME, hourlyRate: '20' });
    await addEmployerThroughApi(page, { name: 'Short', hourlyRate: '20' });
    await page.goto('/employers');
    const long = card(page, LONG_NAME);
    await expect(long).toBeVisible();
    await expect(long.getByRole('heading', { name: LONG_NAME })).toHaveAttribute(
      'title',
      LONG_NAME,
    );

    const fits = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
    const cardBox = (await long.boundingBox())!;
    const menu = page.getByRole('button', { name: `Actions for ${LONG_NAME}` });
    await expect(menu).toBeInViewport();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await page.keyboard.press('Escape');
    await checkA11y(page, `long name at ${width} px`);
  });
}

test("the search finds 'Café' for 'cafe' and 'CAFÉ'", async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Café Olé', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Northwind Studio', hourlyRate: '80' });
  await page.goto('/employers');
  const search = page.getByRole('searchbox', { name: 'Search employers' });
  for (const query of ['cafe', 'CAFÉ']) {
    await search.fill(query);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Café Olé')).toBeVisible();
  }
});

test('a second employer with the same name is refused at the name field, keeping the input', async ({
  page,
  consoleErrors,
}) => {
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
  expect(allowConsoleErrors(consoleErrors, /status of 409 \(Conflict\)/)).toBe(1);
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
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'Offline Co', '20');
  await page.route('**/api/employers', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(
    page.getByText('Could not reach the server. Your changes are still here: try again.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(dialog.getByLabel('Employer name')).toHaveValue('Offline Co');

  await page.unroute('**/api/employers');
  await expect(dialog.getByRole('button', { name: 'Save Employer' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(page.getByText('Employer added successfully', { exact: true })).toBeVisible();
  await expect(card(page, 'Offline Co')).toBeVisible();
  // Chromium logs the request this test cut off on purpose; nothing else may be logged.
  expect(allowConsoleErrors(consoleErrors, /ERR_INTERNET_DISCONNECTED/)).toBe(1);
});
