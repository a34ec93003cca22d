import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import {
  addWorkLog,
  chooseEmployer,
  chooseTimeFormat,
  newLogForAcme,
  openNewLog,
  row,
  setTime,
  todayInNewYork,
} from './work-logs.helpers';

/** Work logs: times read in the user's time format, and the questions before a shift that may be wrong. */

test('a user who reads 24-hour time types 22:00 and 06:30 and saves an 8.5-hour shift', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await chooseTimeFormat(page, '24-hour');
  await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('09');
  await expect(dialog.getByLabel('End time hour')).toHaveValue('17');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await chooseEmployer(page, dialog, 'Night Depot');
  await setTime(dialog, 'Start time', '22:00');
  await setTime(dialog, 'End time', '06:30');
  await dialog.getByLabel('Break (minutes)').fill('30');
  const preview = dialog.getByTestId('shift-preview');
  await expect(preview).toContainText('8.0 h · $160.00');
  await expect(preview).toContainText('22:00 – 06:30 (ends next day)');
  await checkA11y(page, 'work-log dialog, 24-hour time');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  const logged = row(page, 'Night Depot');
  await expect(logged).toContainText('22:00 – 06:30 (+1 day)');
  await expect(logged).toContainText('8.0 h');
});

test('a user who reads 12-hour time types 06 after a 10 PM start and gets 6 AM', async ({
  page,
}) => {
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '10:00 PM');
  const endHour = dialog.getByLabel('End time hour');
  await endHour.fill('06');
  await dialog.getByLabel('End time minutes').fill('30');
  await endHour.press('Tab');
  const end = dialog.getByRole('group', { name: 'End time' });
  await expect(end.getByRole('radio', { name: 'AM' })).toBeChecked();
  await expect(dialog.getByTestId('shift-preview')).toContainText('8.5 h · $212.50');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('10:00 PM – 6:30 AM (+1 day)');
});

test('a 20-hour shift asks "Is this right?" first; Go back keeps the form, Save anyway saves', async ({
  page,
}) => {
  const dialog = await newLogForAcme(page);
  await setTime(dialog, 'Start time', '06:00 AM');
  await setTime(dialog, 'End time', '02:00 AM');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const question = dialog.getByRole('group', { name: 'This shift is 20 h long. Is this right?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('It starts at 6:00 AM and ends at 2:00 AM the next day.');
  await expect(question.getByRole('button', { name: 'Go back' })).toBeFocused();
  await checkA11y(page, 'long shift question');
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('End time hour')).toBeFocused();
  await expect(page.getByText('Get Started By Logging Your First Work Shift')).toBeVisible();

  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await question.getByRole('button', { name: 'Save anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toContainText('6:00 AM – 2:00 AM (+1 day)');
  await expect(row(page, 'Acme Studio')).toContainText('20.0 h');
});

test('a shift overlapping another of the employer warns, and saves after "Save anyway"', async ({
  page,
  consoleErrors,
}) => {
  // The browser logs the save the server answered with its question.
  consoleErrors.expect(/status of 409 \(Conflict\)/, 1);
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
  });
  await page.goto('/work-logs');
  await expect(row(page, 'Acme Studio')).toHaveCount(1);
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await setTime(dialog, 'Start time', '04:00 PM');
  await setTime(dialog, 'End time', '08:00 PM');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const question = dialog.getByRole('group', {
    name: 'This shift overlaps another one. Is this right?',
  });
  await expect(question).toBeVisible();
  await expect(question).toContainText(
    /Your Acme Studio shift on .+, 9:00 AM – 5:00 PM overlaps this one; saving both would bill those hours twice\./,
  );
  await checkA11y(page, 'overlap question');
  await question.getByRole('button', { name: 'Save anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Acme Studio')).toHaveCount(2);
  await expect(row(page, '4:00 PM – 8:00 PM')).toContainText('4.0 h');
});
