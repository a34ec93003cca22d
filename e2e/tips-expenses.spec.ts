import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';
import { chooseEmployer, openNewLog, setTime } from './work-logs.helpers';

/**
 * Tips and expenses (decision 042) through the real UI: a courier sets a mileage rate on the
 * employer, logs a shift with tips, 42.5 miles and $8.75 parking, sees the mileage worked out
 * as typed, the badges and totals in the list, and the report preview adding the expenses,
 * untaxed, to the total due: 7.5 h × $20 = $150.00, 42.5 × $0.655 = $27.84, + $8.75 = $186.59.
 */

test.describe.configure({ timeout: 120_000 });

const shots = process.env.TIPS_SHOTS;
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a courier logs tips and mileage; the list and the report add them up', async ({ page }) => {
  await signUpThroughApi(page);
  const courier = await addEmployerThroughApi(page, {
    name: 'Courier Co',
    hourlyRate: '20.00',
    taxMethod: 'none',
  });

  // The mileage rate, in the employer form.
  await page.goto('/employers');
  await page.getByRole('button', { name: 'Actions for Courier Co' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Employer Details' });
  await form.getByLabel('Mileage rate').fill('0.655');
  await form.getByRole('combobox', { name: 'Distance in' }).click();
  await page.getByRole('option', { name: 'Miles' }).click();
  await shootThemes(page, shots, 'employer-mileage', form.getByLabel('Mileage rate'));
  await form.getByRole('button', { name: /save/i }).click();
  await expect(form).toBeHidden();
  const saved = await (await page.request.get('/api/employers')).json();
  expect(saved.find((e: { id: number }) => e.id === courier.id)).toMatchObject({
    mileageRate: '0.655',
    distanceUnit: 'mi',
  });

  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Courier Co');
  await setTime(dialog, 'Start time', '09:00 AM');
  await setTime(dialog, 'End time', '05:00 PM');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await dialog.getByText('Tips and expenses').click();
  await dialog.getByLabel('Cash tips').fill('12.50');
  await dialog.getByLabel('Card tips').fill('30');
  await dialog.getByLabel('Distance (miles)').fill('42.5');
  await expect(dialog.getByText('42.5 miles × $0.655 = $27.84')).toBeVisible();
  await dialog.getByLabel('Expense to be paid back').fill('8.75');
  await dialog.getByLabel('What for').fill('Parking');
  // The parking receipt, attached once the shift is saved (decision 046).
  await dialog.getByLabel('Receipt').setInputFiles({
    name: 'Parking garage.pdf',
    mimeType: 'application/pdf',
    buffer: RECEIPT,
  });
  await expect(dialog.getByText('Parking garage.pdf')).toBeVisible();
  await checkA11y(page, 'the work-log dialog with tips and expenses');
  await shootThemes(page, shots, 'dialog-tips', dialog.getByLabel('What for'));
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();

  const totals = page.getByRole('region', { name: 'Totals for all your shifts' });
  await expect(totals).toContainText('Tips$42.50');
  await expect(totals).toContainText('Expenses$36.59');
  await expect(totals).toContainText('Earnings$150.00');
  await expect(page.getByText('Tips $42.50', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Exp. $36.59 · receipt', { exact: true }).first()).toBeVisible();
  await shootThemes(page, shots, 'list-tips', totals);

  // The receipt downloads unchanged from the shift it was attached to.
  const [logged] = await (await page.request.get('/api/work-logs')).json();
  expect(logged.receipt).toMatchObject({ name: 'Parking garage.pdf', size: RECEIPT.length });
  const download = await page.request.get(`/api/work-logs/${logged.id}/receipt`);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(Buffer.compare(await download.body(), RECEIPT)).toBe(0);

  // The report preview: the expenses after the (absent) tax, in the total due.
  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Courier Co' }).click();
  // The shift was logged today, which this week holds.
  await page.getByRole('button', { name: 'This week' }).click();
  const summary = page
    .getByRole('region', { name: 'Preview' })
    .locator('dl[aria-label="Payment summary"]');
  await expect(summary).toContainText('Expenses (not taxed)+$36.59');
  await expect(summary).toContainText('Total due$186.59');
  await shootThemes(page, shots, 'report-expenses', summary);
});
