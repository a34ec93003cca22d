import type { Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { displayDate, row, shiftDate, todayInNewYork } from './work-logs.helpers';

/**
 * Quick add (decision 050). City Hospital pays $40.00 an hour, has the ER and ICU departments,
 * and Charge nurse (+$3.00 an hour) switched on by hand. "ER tomorrow 22-6:30 b30 charge" is
 * tomorrow 10:00 PM – 6:30 AM with a 30 min break: 8 h, $320.00 + $24.00 = $344.00.
 */

test.describe.configure({ timeout: 90_000 });

const shotsDir = process.env.QUICK_SHOTS;

/** 1280 and 375 px, light and dark. */
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running'),
      );
      await page.getByTestId('quick-entry-section').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shotsDir}/${name}-${width}${dark ? '-dark' : ''}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function addHospital(page: Page) {
  await addEmployerThroughApi(page, {
    name: 'City Hospital',
    hourlyRate: '40.00',
    departments: ['ER', 'ICU'],
    premiums: [
      { id: 'charge', name: 'Charge nurse', kind: 'fixed', centsPerHour: 300, manualOnly: true },
    ],
  });
  await addEmployerThroughApi(page, { name: 'Evening Diner', hourlyRate: '15.00' });
}

test('a line typed in Quick add is previewed with its pay, saved with Enter, and listed with its times, break and premium', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addHospital(page);
  const tomorrow = shiftDate(todayInNewYork(), 1);
  await page.goto('/work-logs');
  // The page's first load on a busy machine: given time, not timed.
  await expect(page.getByText('No Work Logs Found')).toBeVisible({ timeout: 30_000 });

  const box = page.getByRole('textbox', { name: 'Quick add' });
  await box.fill('ER tomorrow 22-6:30 b30 charge');
  await box.press('Enter');
  const preview = page.getByTestId('quick-entry-preview');
  await expect(preview).toContainText('EmployerCity Hospital');
  await expect(preview).toContainText('DepartmentER');
  await expect(preview).toContainText(`Date${displayDate(tomorrow)} (tomorrow)`);
  await expect(preview).toContainText('Times10:00 PM – 6:30 AM (ends next day)');
  await expect(preview).toContainText('Break30 min');
  await expect(preview).toContainText('PremiumsCharge nurse');
  await expect(preview).toContainText('Hours8 h');
  // The pay is the server's.
  await expect(preview).toContainText('Pay$344.00');
  await checkA11y(page, 'quick add preview');
  await shoot(page, 'quick-entry-preview');

  await box.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Shift added' })).toBeAttached();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(preview).toBeHidden();
  const saved = row(page, displayDate(tomorrow));
  await expect(saved).toContainText('City Hospital');
  await expect(saved).toContainText('ER');
  await expect(saved).toContainText('10:00 PM');
  await expect(saved).toContainText('6:30 AM');
  await expect(saved).toContainText('30 min');
  await expect(saved).toContainText('Charge nurse');
  await expect(saved).toContainText('$344.00');

  // What was stored is what was shown.
  const stored = (await (await page.request.get('/api/work-logs')).json()) as Record<
    string,
    unknown
  >[];
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    date: tomorrow,
    startTime: '22:00',
    endTime: '06:30',
    breakDuration: 30,
    department: 'ER',
    manualPremiumIds: ['charge'],
  });
});

test('an unknown word is named and blocks saving; an ambiguous one names its choices', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addHospital(page);
  await page.goto('/work-logs');
  const box = page.getByRole('textbox', { name: 'Quick add' });
  await box.fill('E tomorrow 9am-5pm xyz');
  await box.press('Enter');
  const problems = page.getByTestId('quick-entry-problems');
  await expect(problems).toContainText('“E” could be ER (City Hospital) or Evening Diner');
  await expect(problems).toContainText('Don’t know “xyz”');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/Don’t know “xyz”/);
  await checkA11y(page, 'quick add problems');
  await shoot(page, 'quick-entry-problems');
  // Enter again saves nothing: nothing is read while a word is not.
  await box.press('Enter');
  await expect(problems).toBeVisible();
  const stored = (await (await page.request.get('/api/work-logs')).json()) as unknown[];
  expect(stored).toEqual([]);

  // The / shortcut still goes to the search, not to Quick add.
  await box.blur();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search Logs' })).toBeFocused();
});
