import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog, displayDate, row, shiftDate, todayInNewYork } from './work-logs.helpers';

/** Logging without typing: the keyboard shortcuts, the usual shift, and Duplicate. */

test('keyboard only: n opens a new shift with the last employer and its usual shift, saved; duplicated to two dates', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const today = todayInNewYork();
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const depot = await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  await addWorkLog(page, {
    employerId: acme.id,
    date: shiftDate(today, -5),
    startTime: '09:00',
    endTime: '17:00',
  });
  for (const days of [-4, -3]) {
    await addWorkLog(page, {
      employerId: depot.id,
      date: shiftDate(today, days),
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
    });
  }
  await page.goto('/work-logs');
  await expect(row(page, 'Night Depot').first()).toBeVisible();
  // The shortcuts load after the page.
  await expect(page.getByTestId('shortcut-announcer')).toBeAttached();

  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(dialog.getByRole('combobox', { name: 'Employer' })).toHaveText(/Night Depot/);
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('10');
  await expect(dialog.getByLabel('End time minutes')).toHaveValue('30');
  await expect(dialog.getByLabel('Break (minutes)')).toHaveValue('30');
  await expect(dialog).toContainText(
    'Your usual shift at Night Depot: 10:00 PM – 6:30 AM (+1 day), 30 min break',
  );
  await expect(page.getByTestId('shortcut-announcer')).toHaveText('New shift');
  await dialog.getByRole('button', { name: 'Save Work Log' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row(page, displayDate(today))).toContainText('Night Depot');

  // Duplicate today's shift to the next two days, typed and added with Enter.
  await page
    .getByRole('button', { name: `Duplicate work log for Night Depot on ${displayDate(today)}` })
    .press('Enter');
  const copy = page.getByRole('dialog', { name: 'Duplicate shift' });
  const date = copy.getByLabel('Date (YYYY-MM-DD)');
  for (const days of [2, 1]) {
    await date.fill(shiftDate(today, days));
    await date.press('Enter');
  }
  const chosen = copy.getByRole('list', { name: 'Dates to copy to' });
  await expect(chosen.getByRole('listitem')).toHaveText([
    displayDate(shiftDate(today, 1)),
    displayDate(shiftDate(today, 2)),
  ]);
  await checkA11y(page, 'duplicate dialog');
  await copy.getByRole('button', { name: 'Copy to 2 dates' }).press('Enter');
  await expect(copy).toBeHidden();
  for (const days of [1, 2]) {
    await expect(row(page, displayDate(shiftDate(today, days)))).toContainText('Night Depot');
  }
});

test('g then e goes to Employers (k the week grid, c the calendar); ? lists the shortcuts in an accessible dialog; / searches', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await expect(page.getByTestId('shortcut-announcer')).toBeAttached();
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/employers$/);
  await expect(page.getByTestId('shortcut-announcer')).toHaveText('Going to Employers');
  // The week grid and the month calendar have theirs too.
  await page.keyboard.press('g');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(/\/work-logs\/week$/);
  await expect(page.getByTestId('shortcut-announcer')).toHaveText('Going to the week grid');
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByTestId('shortcut-announcer')).toHaveText('Going to Calendar');
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/employers$/);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row', { name: /Go to Settings/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Go to Pay/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /timer/i })).toBeVisible();
  await checkA11y(page, 'keyboard shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // t opens the timer's dialog (its start form while none runs), announced.
  await page.keyboard.press('t');
  const timer = page.getByRole('dialog', { name: 'Start timer' });
  await expect(timer).toBeVisible();
  await expect(page.getByTestId('shortcut-announcer')).toHaveText('Start a timer');
  await page.keyboard.press('Escape');
  await expect(timer).toBeHidden();

  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/work-logs$/);
  const search = page.getByRole('searchbox', { name: 'Search Logs' });
  await expect(search).toBeFocused();
  // Typing there is typing, not shortcuts.
  await page.keyboard.type('ge');
  await expect(page).toHaveURL(/\/work-logs$/);
  await expect(search).toHaveValue('ge');
});
