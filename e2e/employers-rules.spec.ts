import type { Locator, Page } from '@playwright/test';
import { openAction } from './employers.helpers';
import { addEmployerThroughApi, employerCard, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';
import { addWorkLog, row } from './work-logs.helpers';

/**
 * A clinic raises its rate from $30 to $32 from 1 March. Its shifts are 8 h on 27 February and 8 h
 * on 2 March, and 2 h on 4 March at a rate of their own ($40): only the 2 March shift changes,
 * $240.00 → $256.00, which the form says before saving and the work-logs list shows after.
 */

test.describe.configure({ timeout: 90_000 });

const shoot = (page: Page, name: string, focus?: Locator) =>
  shootThemes(page, process.env.RULES_SHOTS, name, focus);

test('a rate from a date: the form asks, previews the money, saves, and the history records it', async ({
  page,
}) => {
  // The employer has shifts, so the form asks before sending anything: no refused request.
  await signUpThroughApi(page);
  const clinic = await addEmployerThroughApi(page, { name: 'Harbor Clinic', hourlyRate: '30.00' });
  const shift = (date: string, startTime: string, endTime: string, hourlyRateAtTime = 0) =>
    addWorkLog(page, { employerId: clinic.id, date, startTime, endTime, hourlyRateAtTime });
  await shift('2026-02-27', '09:00', '17:00');
  await shift('2026-03-02', '08:00', '16:00');
  await shift('2026-03-04', '10:00', '12:00', 40);

  await page.goto('/employers');
  const card = employerCard(page, 'Harbor Clinic');
  await expect(card.getByText('No rounding · Exact minutes')).toBeVisible();
  await openAction(page, 'Harbor Clinic', 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Employer Details' });
  await dialog.getByLabel('Hourly rate ($)').fill('32.00');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();

  await expect(dialog.getByText('Apply the change to')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'New shifts only' })).toBeChecked();
  // Every shift is in the past: new shifts only changes none of them.
  await expect(dialog.getByRole('status')).toHaveText('No shift changes.');
  await dialog.getByRole('radio', { name: 'Every shift' }).click();
  // 27 Feb and 2 Mar: $480.00 → $512.00; the 4 March shift keeps its own $40.
  await expect(dialog.getByRole('status')).toHaveText(
    '2 shifts change: $480.00 → $512.00 (+$32.00)',
  );
  await dialog.getByRole('radio', { name: 'From a date' }).click();
  await dialog.getByLabel('Apply from').fill('2026-03-01');
  await expect(dialog.getByRole('status')).toHaveText(
    '1 shift changes: $240.00 → $256.00 (+$16.00)',
  );
  await shoot(page, 'apply-change');
  await dialog.getByRole('button', { name: 'Save Change' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('$32.00/hr')).toBeVisible();

  await page.goto('/work-logs');
  // Before 1 March: still $30; from it: $32; a rate of its own: its own.
  await expect(row(page, '9:00 AM – 5:00 PM')).toContainText('$240.00');
  await expect(row(page, '8:00 AM – 4:00 PM')).toContainText('$256.00');
  await expect(row(page, '10:00 AM – 12:00 PM')).toContainText('$80.00');

  await page.goto('/employers');
  await openAction(page, 'Harbor Clinic', 'Rate history');
  const history = page.getByRole('dialog', { name: 'Rate history' });
  const rates = history.getByRole('table');
  await expect(rates.getByRole('row')).toHaveCount(3);
  await expect(rates.getByRole('row').nth(1)).toContainText('$32.00/hr');
  await expect(rates.getByRole('row').nth(2)).toContainText('The beginning');
  await expect(rates.getByRole('row').nth(2)).toContainText('$30.00/hr');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(
    /Rate: \$30\.00\/hr → \$32\.00\/hr, for shifts from .*2026/,
  );
  await expect(history.getByRole('listitem')).toContainText('by Robin Tester');
  await shoot(page, 'rate-history');
});
