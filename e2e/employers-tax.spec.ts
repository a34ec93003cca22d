import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startAdding } from './employers.helpers';
import { addEmployerThroughApi, expect, signUpThroughApi, test } from './fixtures';
import { generateAndDownload, summaryValue } from './timesheets.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * A nurse with a W-2 hospital job (20 % withheld), a 1099 clinic contract (8 % added) and a
 * weekend bar job paid to the quarter hour: each employer keeps its own rules, and the
 * dashboard and the timesheets show what a payroll clerk works out by hand.
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

test('a deduct employer, an add employer and one rounding to the quarter hour: the dashboard and the timesheets agree with hand arithmetic', async ({
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
  // The bar through the form: $31.00, rounded to the nearest 15 minutes, paid by the minute.
  const bar = await startAdding(page, 'Weekend Bar', '31.00');
  await bar.getByRole('combobox', { name: 'Rounding', exact: true }).click();
  await page.getByRole('option', { name: '15 minutes' }).click();
  await expect(bar.getByRole('combobox', { name: 'Precision' })).toHaveText(/Exact minutes/);
  await bar.getByRole('button', { name: 'Save Employer' }).click();
  await expect(bar).toBeHidden();
  const ids = (await (await page.request.get('/api/employers')).json()) as {
    id: number;
    name: string;
  }[];
  const hospitalId = ids.find((e) => e.name === 'County Hospital')?.id;
  const barId = ids.find((e) => e.name === 'Weekend Bar')?.id;
  expect(hospitalId).toBeDefined();
  expect(barId).toBeDefined();

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

  // 18:00–01:17 is 7 h 17, 7 h 15 to the nearest quarter hour: 435 × $31 ÷ 60 = $224.75.
  await addWorkLog(page, {
    employerId: barId,
    date: today,
    startTime: '18:00',
    endTime: '01:17',
    breakDuration: 0,
  });

  await page.goto('/');
  const stats = page.getByRole('region', { name: 'Stats' });
  // $504.00 + $220.00 + $224.75 gross.
  await expect(stats.getByText('$948.75')).toBeVisible();
  // $403.20 + $237.60 + $224.75 (no tax): each employer's own method on its own gross.
  await expect(stats.getByText("After each employer's tax: $865.55")).toBeVisible();
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
  expect(pdfText).toContain('Tax 8.00% added to the gross');

  // The bar's sheet prints the rows' time as h:mm and hours, and its rules in words.
  const barSummary = await previewOf(page, 'Weekend Bar');
  await expect(summaryValue(barSummary, 'Total time')).toHaveText('7:15');
  await expect(summaryValue(barSummary, 'Total hours')).toHaveText('7.25 h');
  await expect(summaryValue(barSummary, 'Tax')).toHaveText('Not applied');
  await expect(summaryValue(barSummary, 'Total due')).toHaveText('$224.75');
  const barPdf = await generateAndDownload(page);
  expect(barPdf.totalDue).toBe('$224.75');
  const barPath = test.info().outputPath(`bar-${barPdf.download.suggestedFilename()}`);
  await barPdf.download.saveAs(barPath);
  const barText = execFileSync('pdftotext', ['-layout', barPath, '-'], { encoding: 'utf8' });
  expect(barText).toMatch(/7:15\s+7\.25\s+\$31\.00\s+\$224\.75/);
  // The Details column wraps the sentence.
  expect(barText).toMatch(
    /Each shift rounded to the nearest 15\s+minutes \(halves up\), after the break/,
  );
  expect(barText).toContain('Pay = minutes × rate ÷ 60, to the cent');
  expect(barText).toContain('No tax');
  await shoot(page, 'bar-preview');
  if (shotsDir) {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      barPath,
      `${shotsDir}/bar-pdf`,
    ]);
  }
});
