import {
  addEmployerThroughApi,
  checkA11y,
  expect,
  signUpThroughApi,
  submitReads,
  test,
} from './fixtures';
import { chooseEmployer, newLogForAcme, openNewLog, row, setTime } from './work-logs.helpers';

/** Work logs: what the dialog does with what is typed, a save with the network gone, and closing a half-filled form. */

test('17 typed as the end hour is 5 PM, and a break of 12.5 is refused with a message', async ({
  page,
}) => {
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '08:00 AM');
  const endHour = dialog.getByLabel('End time hour');
  await endHour.fill('17');
  await endHour.press('Tab');
  await expect(endHour).toHaveValue('05');
  await expect(
    dialog.getByRole('group', { name: 'End time' }).getByRole('radio', { name: 'PM' }),
  ).toBeChecked();
  await expect(dialog.getByTestId('shift-preview')).toContainText('9.0 h · $225.00');

  const breakField = dialog.getByLabel('Break (minutes)');
  await breakField.fill('12.5');
  await breakField.press('Tab');
  await expect(breakField).toHaveValue('12.5');
  await expect(breakField).toHaveAccessibleDescription('Break must be a whole number of minutes');
  await checkA11y(page, 'dialog with a refused break');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeVisible();
  await breakField.fill('0');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('8:00 AM – 5:00 PM');
  await expect(row(page, 'Acme Studio')).toContainText('9.0 h');
});

test('a save with the network gone says it did not go through and keeps the form', async ({
  page,
  context,
  consoleErrors,
}) => {
  // The browser logs the save it could not send; nothing else may be logged.
  consoleErrors.expect(/ERR_INTERNET_DISCONNECTED/, 1);
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '07:30 AM');
  await dialog.getByLabel('Note (optional)').fill('Opening shift');
  await context.setOffline(true);
  // "Try Again" shows for 1.5 s: watched in the page from before the click.
  const tryAgain = submitReads(page, 'Try Again');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await tryAgain;
  await expect(dialog.getByRole('alert')).toContainText('This work log was not saved');
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('07');
  await expect(dialog.getByLabel('Start time minutes')).toHaveValue('30');
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Opening shift');

  await context.setOffline(false);
  await dialog.getByRole('button', { name: /Try Again|Save Work Log/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('Opening shift');
});

test('closing a half-filled work log asks first; an untouched one closes at once', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await page.goto('/work-logs');
  const newButton = page.getByRole('button', { name: 'New Work Log' }).first();
  const dialog = await openNewLog(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();

  await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  const note = dialog.getByLabel('Note (optional)');
  await note.fill('Half a shift');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await checkA11y(page, 'discard work-log changes');
  await ask.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(note).toHaveValue('Half a shift');
  await expect(note).toBeFocused();

  // The close button and a click outside ask the same. Each question is gone before the next
  // click: a click on its overlay while it fades out is not a click outside the form.
  await expect(ask).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(ask).toBeHidden();
  await page.mouse.click(5, 5);
  await ask.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();
});
