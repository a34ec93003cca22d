import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startAdding } from './employers.helpers';
import { addEmployerThroughApi, expect, signUpThroughApi, test } from './fixtures';
import { generateAndDownload, summaryValue } from './timesheets.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * A nurse with a W-2 hospital job (20 % withheld) and a 1099 clinic contract (8 % added): each
 * employer keeps its own tax method, and the dashboard and both timesheets show what a payroll
 * clerk works out by hand.
 */

test.describe.configure({ timeout: 90_000 });

/** Where screenshots of these screens go when asked for (never committed). */
const shotsDir = process.env.TAX_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const [width, height] of [
    [1280, 800],
    [375, 667],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: width === 375 });
  }
  // The same at 375 px in the dark theme (a class on the root element).
  await page.setViewportSize({ width: 375, height: 667 });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.screenshot({ path: `${shotsDir}/${name}-375-dark.png` });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function previewOf(page: Page, employer: string) {
  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: employer }).click();
  await page.getByRole('button', { name: 'This week' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Total due')).toBeVisible();
  return preview.getByLabel('Payment summary');
}

test('a deduct employer and an add employer: the dashboard and both timesheets agree with hand arithmetic', async ({
  page,
}) => {
  await signUpThroughApi(page);
  // The hospital through the form, its method chosen there; the clinic takes the default (add).
  const dialog = await startAdding(page, 'County Hospital', '42.00');
  await dialog.getByLabel('Tax rate (%)').fill('20');
  const method = dialog.getByRole('combobox', { name: 'Tax method' });
  await expect(method).toHaveText(/Add tax \(self-employed\)/);
  await method.click();
  await page.getByRole('option', { name: 'Deduct tax (employee)' }).click();
  await shoot(page, 'employer-form');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog).toBeHidden();
  const clinic = await addEmployerThroughApi(page, {
    name: 'Harbor Clinic',
    hourlyRate: '55.00',
    taxRate: '8',
  });
  const hospitalId = (
    (await (await page.request.get('/api/employers')).json()) as { id: number; name: string }[]
  ).find((e) => e.name === 'County Hospital')?.id;
  expect(hospitalId).toBeDefined();

  const today = todayInNewYork();
  // 12 h at $42 = $504.00, less 20 % ($100.80) = $403.20.
  await addWorkLog(page, {
    employerId: hospitalId,
    date: today,
    startTime: '07:00',
    endTime: '19:30',
    breakDuration: 30,
  });
  // 4 h at $55 = $220.00, plus 8 % ($17.60) = $237.60.
  await addWorkLog(page, {
    employerId: clinic.id,
    date: today,
    startTime: '09:00',
    endTime: '13:00',
    breakDuration: 0,
  });

  await page.goto('/');
  const stats = page.getByRole('region', { name: 'Stats' });
  // $504.00 + $220.00 gross.
  await expect(stats.getByText('$724.00')).toBeVisible();
  // $403.20 + $237.60: each employer's own method on its own gross.
  await expect(stats.getByText("After each employer's tax: $640.80")).toBeVisible();
  await shoot(page, 'dashboard');
  if (shotsDir) {
    await page.goto('/employers');
    await expect(page.getByText('Deducted')).toBeVisible();
    await shoot(page, 'employers');
    await page.goto('/settings#export');
    await expect(page.getByText('The method a new employer starts with')).toBeVisible();
    await shoot(page, 'settings-export');
  }

  const hospital = await previewOf(page, 'County Hospital');
  await expect(summaryValue(hospital, 'Gross earnings')).toHaveText('$504.00');
  await expect(summaryValue(hospital, 'Tax deducted (20.00%)')).toHaveText('−$100.80');
  await expect(summaryValue(hospital, 'Total due')).toHaveText('$403.20');
  await page.getByRole('radio', { name: 'CSV' }).check();
  const csv = await generateAndDownload(page);
  expect(csv.totalDue).toBe('$403.20');
  const csvText = await readFile(await csv.download.path(), 'utf8');
  expect(csvText).toContain('Total due (USD),403.20');
  expect(csvText).toContain('100.80');

  const clinicSummary = await previewOf(page, 'Harbor Clinic');
  await expect(summaryValue(clinicSummary, 'Gross earnings')).toHaveText('$220.00');
  await expect(summaryValue(clinicSummary, 'Tax added (8.00%)')).toHaveText('+$17.60');
  await expect(summaryValue(clinicSummary, 'Total due')).toHaveText('$237.60');
  await page.getByRole('radio', { name: 'PDF' }).check();
  const pdf = await generateAndDownload(page);
  expect(pdf.totalDue).toBe('$237.60');
  const pdfPath = test.info().outputPath(pdf.download.suggestedFilename());
  await pdf.download.saveAs(pdfPath);
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('$237.60');
  expect(pdfText).toMatch(/Tax \(8\.00%\) added\s+\+\$17\.60/);
});
