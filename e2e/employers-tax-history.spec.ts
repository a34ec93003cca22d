import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { openAction } from './employers.helpers';
import { addEmployerThroughApi, employerCard, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';
import { generateAndDownload, summaryValue } from './timesheets.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * A clinic contract (8 % added by the nurse) becomes a W-2 job on the 15th of last month: 20 %
 * withheld from then on. Her four shifts of that month at $31, to the nearest 15 minutes:
 *   3rd  09:00–16:15          7:15  $224.75   8 % added
 *   10th 09:00–13:00          4:00  $124.00   8 % added     → $348.75 + $27.90
 *   17th 09:00–17:00, 30 min  7:30  $232.50   20 % withheld
 *   24th 10:00–12:07          2:00   $62.00   20 % withheld → $294.50 − $58.90
 * Gross $643.25; total due $348.75 + $27.90 + $294.50 − $58.90 = $612.25.
 */

test.describe.configure({ timeout: 120_000 });

const shoot = (page: Page, name: string, focus?: Locator) =>
  shootThemes(page, process.env.TAX_HISTORY_SHOTS, name, focus);

/** 'YYYY-MM-DD' of the given day of the month before today's (New York). */
function dayOfLastMonth(day: number): string {
  const [year, month] = todayInNewYork().split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 2, day));
  return last.toISOString().slice(0, 10);
}

test('a tax change from a date: the form asks and states the total due, and the sheet taxes each part by its own tax', async ({
  page,
}) => {
  // The employer has shifts, so the form asks before sending anything: no refused request.
  await signUpThroughApi(page);
  const clinic = await addEmployerThroughApi(page, {
    name: 'Harbor Clinic',
    hourlyRate: '31.00',
    taxRate: '8',
    taxMethod: 'add',
    roundingStep: '15',
  });
  const shift = (day: number, startTime: string, endTime: string, breakDuration = 0) =>
    addWorkLog(page, {
      employerId: clinic.id,
      date: dayOfLastMonth(day),
      startTime,
      endTime,
      breakDuration,
    });
  await shift(3, '09:00', '16:15');
  await shift(10, '09:00', '13:00');
  await shift(17, '09:00', '17:00', 30);
  await shift(24, '10:00', '12:07');

  await page.goto('/employers');
  await openAction(page, 'Harbor Clinic', 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Employer Details' });
  await dialog.getByLabel('Tax rate (%)').fill('20');
  await dialog.getByRole('combobox', { name: 'Tax method' }).click();
  await page.getByRole('option', { name: 'Deduct tax (employee)' }).click();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();

  await expect(dialog.getByText('Apply the change to')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Every shift' }).click();
  // All four: $643.25 + 8 % ($51.46) = $694.71, against − 20 % ($128.65) = $514.60.
  await expect(dialog.getByRole('status')).toHaveText(
    '4 shifts change: total due $694.71 → $514.60 (−$180.11); gross pay stays $643.25',
  );
  await dialog.getByRole('radio', { name: 'From a date' }).click();
  await dialog.getByLabel('Apply from').fill(dayOfLastMonth(15));
  // The 17th and 24th: $294.50 + $23.56 = $318.06, against $294.50 − $58.90 = $235.60.
  await expect(dialog.getByRole('status')).toHaveText(
    '2 shifts change: total due $318.06 → $235.60 (−$82.46); gross pay stays $294.50',
  );
  await shoot(page, 'tax-change');
  await dialog.getByRole('button', { name: 'Save Change' }).click();
  await expect(dialog).toBeHidden();
  const card = employerCard(page, 'Harbor Clinic');
  await expect(card.getByText('Deducted')).toBeVisible();

  await openAction(page, 'Harbor Clinic', 'Rate history');
  const history = page.getByRole('dialog', { name: 'Rate history' });
  const rates = history.getByRole('table');
  await expect(rates.getByRole('row')).toHaveCount(3);
  await expect(rates.getByRole('row').nth(1)).toContainText('20.00% deducted');
  await expect(rates.getByRole('row').nth(2)).toContainText('8.00% added');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByText(/^Tax method: Added → Deducted, for shifts from/)).toBeVisible();
  await expect(history.getByText(/^Tax rate: 8\.00% → 20\.00%, for shifts from/)).toBeVisible();
  await shoot(page, 'tax-history');
  await page.keyboard.press('Escape');

  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Harbor Clinic' }).click();
  await page.getByRole('button', { name: 'Last month' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  const summary = preview.getByLabel('Payment summary');
  await expect(summaryValue(summary, 'Gross earnings')).toHaveText('$643.25');
  await expect(summaryValue(summary, 'Tax added (8.00%)')).toHaveText('+$27.90');
  await expect(summaryValue(summary, 'Tax deducted (20.00%)')).toHaveText('−$58.90');
  await expect(summaryValue(summary, 'Total due')).toHaveText('$612.25');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'tax-preview', preview.getByRole('heading', { name: 'Payment summary' }));

  await page.getByRole('radio', { name: 'CSV' }).check();
  const csv = await generateAndDownload(page);
  expect(csv.totalDue).toBe('$612.25');
  const csvText = await readFile(await csv.download.path(), 'utf8');
  expect(csvText).toContain('Tax (8.00%) added (USD),27.90');
  expect(csvText).toContain('Tax (20.00%) deducted (USD),58.90');
  expect(csvText).toContain('Total due (USD),612.25');

  await page.getByRole('radio', { name: 'PDF' }).check();
  const pdf = await generateAndDownload(page);
  expect(pdf.totalDue).toBe('$612.25');
  const pdfPath = test.info().outputPath(pdf.download.suggestedFilename());
  await pdf.download.saveAs(pdfPath);
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toMatch(/Tax \(8\.00%\) added\s+\+\$27\.90/);
  expect(pdfText).toMatch(/Tax \(20\.00%\) deducted\s+−\$58\.90/);
  expect(pdfText).toContain('Tax 20.00% deducted from the gross');
  if (process.env.TAX_HISTORY_SHOTS) {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      pdfPath,
      `${process.env.TAX_HISTORY_SHOTS}/sheet`,
    ]);
  }
});
