import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  addEmployerThroughApi,
  checkA11y,
  expect,
  signUpThroughApi,
  switchTheme,
  test,
} from './fixtures';
import { generateAndDownload, summaryValue } from './timesheets.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * Timesheet Reports: generate and download both formats through the page, the preview against
 * the files, the mailto: fallback, axe in light and dark, and a 375 px phone.
 */

// Each test signs up, generates files and runs axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * A new user with Acme Studio ($25.00/h, 15 % tax, a contact address) and two shifts today:
 * 7.5 h ($187.50) in Design and 2.0 h ($50.00). Gross $237.50, tax $35.63, total due $273.13.
 * A Northwind shift today must stay out of Acme's report.
 */
async function acmeWithShifts(page: Page) {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    taxRate: '15',
    contactEmail: 'payroll@acme.example',
    departments: ['Design'],
  });
  const northwind = await addEmployerThroughApi(page, { name: 'Northwind', hourlyRate: '40' });
  const today = todayInNewYork();
  await addWorkLog(page, {
    employerId: acme.id,
    date: today,
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
    department: 'Design',
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: today,
    startTime: '18:00',
    endTime: '20:00',
  });
  await addWorkLog(page, {
    employerId: northwind.id,
    date: today,
    startTime: '08:00',
    endTime: '12:00',
  });
}

/** Fills the form with Acme Studio and this week, and waits for the preview's summary. */
async function prepareAcmeWeek(page: Page) {
  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('button', { name: 'This week' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Total due')).toBeVisible();
  return preview;
}

test('generates and downloads a CSV and a PDF whose totals are the preview’s', async ({ page }) => {
  await acmeWithShifts(page);
  const preview = await prepareAcmeWeek(page);
  const summary = preview.getByLabel('Payment summary');
  await expect(summaryValue(summary, 'Total hours')).toHaveText('9.5 h');
  await expect(summaryValue(summary, 'Gross earnings')).toHaveText('$237.50');
  await expect(summaryValue(summary, 'Tax added (15.00%)')).toHaveText('+$35.63');
  await expect(summaryValue(summary, 'Total due')).toHaveText('$273.13');
  await expect(preview.getByText('General')).toBeVisible();
  await expect(preview.getByText('Northwind')).toHaveCount(0);

  await page.getByRole('radio', { name: 'CSV' }).check();
  const csv = await generateAndDownload(page);
  expect(csv.totalDue).toBe('$273.13');
  expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readFile(await csv.download.path(), 'utf8');
  expect(csvText).toContain(todayInNewYork());
  expect(csvText).toContain('Design');
  expect(csvText).toContain('7.5');
  expect(csvText).toContain('Total due (USD),273.13');
  expect(csvText).not.toContain('Northwind');

  await page.getByRole('radio', { name: 'PDF' }).check();
  const pdf = await generateAndDownload(page);
  expect(pdf.totalDue).toBe('$273.13');
  expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = test.info().outputPath(pdf.download.suggestedFilename());
  await pdf.download.saveAs(pdfPath);
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('Acme Studio');
  expect(pdfText).toContain('$273.13');

  // Both files are in the history, newest first, each with its own Download.
  const history = page.getByRole('region', { name: 'Generated Reports', exact: true });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('PDF');
  await expect(rows.nth(2)).toContainText('CSV');
  await expect(rows.nth(1)).toContainText('$273.13');
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .nth(2)
      .getByRole('button', { name: /^Download the report for Acme Studio/ })
      .click(),
  ]);
  expect(again.suggestedFilename()).toBe(csv.download.suggestedFilename());
});

test('a CSV in the semicolon format picked in Settings → Export opens with decimal commas', async ({
  page,
}) => {
  await acmeWithShifts(page);
  await page.goto('/settings#export');
  const format = page.getByRole('radiogroup', { name: 'CSV format' });
  await expect(format.getByRole('radio', { name: 'Comma-separated' })).toBeChecked();
  await format.getByRole('radio', { name: 'Semicolon-separated' }).check();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await prepareAcmeWeek(page);
  await page.getByRole('radio', { name: 'CSV' }).check();
  const csv = await generateAndDownload(page);
  expect(csv.totalDue).toBe('$273.13');
  const rows: string[][] = parse(await readFile(await csv.download.path()), {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
  });
  const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
  expect(value('Worker')).toBe('Robin Tester');
  expect(value('Employer')).toBe('Acme Studio');
  expect(value('Tax')).toBe('15,00% added to the gross');
  const header = rows.find((r) => r[0] === 'Date') ?? [];
  expect(header.slice(5, 10)).toEqual([
    'Break (min)',
    'Time (h:mm)',
    'Hours',
    'Rate (USD)',
    'Earnings (USD)',
  ]);
  const shifts = rows.filter((r) => r[0] === todayInNewYork());
  expect(shifts.map((r) => r.slice(1, 10))).toEqual([
    ['Design', '09:00', '17:00', 'No', '30', '7:30', '7,50', '25,00', '187,50'],
    ['General', '18:00', '20:00', 'No', '0', '2:00', '2,00', '25,00', '50,00'],
  ]);
  expect(value('Total due (USD)')).toBe('273,13');
});

test('with Email report on, the file is downloaded and a mailto: message is opened for the recipient', async ({
  page,
}) => {
  await acmeWithShifts(page);
  await prepareAcmeWeek(page);
  await page.getByRole('switch', { name: 'Email report' }).click();
  await expect(page.getByRole('textbox', { name: 'Recipient email' })).toHaveValue(
    'payroll@acme.example',
  );
  // The mail app cannot open in a headless browser: record the mailto: link instead.
  await page.evaluate(() => {
    const opened: string[] = [];
    Object.assign(window, { openedMail: opened });
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('mailto:')) opened.push(this.href);
      else click.call(this);
    };
  });
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the Report' });
  await expect(dialog).toBeVisible();
  await checkA11y(page, 'choose e-mail method dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download and email manually' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const again = dialog.getByRole('link', { name: 'Open the email again' });
  await expect(again).toBeFocused();
  const href = (await again.getAttribute('href')) ?? '';
  expect(
    await page.evaluate(() => (window as unknown as { openedMail: string[] }).openedMail),
  ).toEqual([href]);
  const mail = new URL(href);
  expect(mail.protocol).toBe('mailto:');
  expect(mail.pathname).toBe('payroll@acme.example');
  expect(mail.searchParams.get('subject')).toMatch(/^Timesheet: Acme Studio [A-Z][a-z]{2} \d+ – /);
  expect(mail.searchParams.get('body')).toContain('Total due: $273.13');
  // The open dialog hides the rest of the page from the accessibility tree: find the toast by text.
  await expect(page.getByText('Attach the report', { exact: true })).toBeVisible();
});

test('the page, its preview and its dialog pass axe in light and dark', async ({ page }) => {
  await acmeWithShifts(page);
  await prepareAcmeWeek(page);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Generated Reports', exact: true }).getByRole('row'),
  ).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'Upcoming Timesheets' }).getByRole('listitem'),
  ).toHaveCount(2);
  for (const theme of ['Light', 'Dark'] as const) {
    await switchTheme(page, theme);
    await checkA11y(page, `timesheet reports ${theme}`);
    await page.getByRole('button', { name: /^Start date/ }).click();
    await expect(page.getByRole('dialog', { name: 'Choose the start date' })).toBeVisible();
    await checkA11y(page, `calendar ${theme}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(dialog).toBeVisible();
    await checkA11y(page, `report generated dialog ${theme}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Generating twice within 2 s is refused: wait for the button to be ready again.
    await expect(page.getByRole('button', { name: 'Generate Report' })).toBeVisible();
  }
});

test('at 375 px the page fits the screen, with cards instead of tables', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await acmeWithShifts(page);
  const preview = await prepareAcmeWeek(page);
  await expect(
    preview.getByRole('list', { name: 'Shifts in the report' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(preview.getByRole('table')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(dialog).toBeVisible();
  await checkA11y(page, 'report generated dialog at 375 px');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const history = page.getByRole('region', { name: 'Generated Reports', exact: true });
  await expect(
    history.getByRole('list', { name: 'Generated reports' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(history.getByRole('table')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await checkA11y(page, 'timesheet reports at 375 px');
});
