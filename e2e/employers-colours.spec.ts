import { openAction } from './employers.helpers';
import {
  addEmployerThroughApi,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  test,
} from './fixtures';

/** Employers: the brand colour, shown at once and kept, or restored when the save fails. */

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

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
  // Chromium logs the refused PATCH, which this test causes on purpose; nothing else may be logged.
  consoleErrors.expect(/status of 500 \(Internal Server Error\)/, 1);
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
});
