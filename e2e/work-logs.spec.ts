import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { chooseEmployer, newLogForAcme, openNewLog, row, setTime } from './work-logs.helpers';

/** Work logs: logging, editing and deleting shifts through the dialog, overnight shifts and notes. */

test('a shift is logged, edited and deleted through the dialog with AM/PM times', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '24.00' });
  await page.goto('/work-logs');
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();

  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await setTime(dialog, 'Start time', '09:00 AM');
  await setTime(dialog, 'End time', '05:30 PM');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await expect(dialog.getByTestId('shift-preview')).toContainText('8.0 h · $192.00');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(page.getByText('Work log added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const logged = row(page, 'Acme Studio');
  await expect(logged).toContainText('9:00 AM – 5:30 PM');
  await expect(logged).toContainText('8.0 h');
  await expect(logged).toContainText('$192.00');
  await expect(logged).toContainText('30 min');
  await expect(page.getByText('Showing 1–1 of 1', { exact: true })).toBeVisible();

  await logged.getByRole('button', { name: /^Edit work log for Acme Studio on / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Work Log' });
  await expect(edit.getByLabel('End time hour')).toHaveValue('05');
  await setTime(edit, 'End time', '06:00 PM');
  await edit.getByRole('button', { name: 'Update Work Log' }).click();
  await expect(page.getByText('Work Log Updated', { exact: true })).toBeVisible();
  await expect(logged).toContainText('9:00 AM – 6:00 PM');
  await expect(logged).toContainText('8.5 h');
  await expect(logged).toContainText('$204.00');

  await logged.getByRole('button', { name: /^Delete work log for Acme Studio on / }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this work log?' });
  await checkA11y(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Work log deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();
});

test('an overnight shift counts the hours past midnight', async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Night Depot');
  await setTime(dialog, 'Start time', '10:00 PM');
  await setTime(dialog, 'End time', '06:00 AM');
  await expect(dialog.getByTestId('shift-preview')).toContainText('(ends next day)');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const logged = row(page, 'Night Depot');
  await expect(logged).toContainText('10:00 PM – 6:00 AM (+1 day)');
  await expect(logged).toContainText('8.0 h');
  await expect(logged).toContainText('$160.00');
});

test('a note is saved with the shift and shown in the list', async ({ page }) => {
  const dialog = await newLogForAcme(page);
  const note = dialog.getByLabel('Note (optional)');
  await note.fill('x'.repeat(1001));
  await expect(dialog.getByText('1 character too many')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog.getByText('Note must be at most 1,000 characters')).toBeVisible();
  await note.fill('Covered the late shift for Sam');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('Covered the late shift for Sam');
});
