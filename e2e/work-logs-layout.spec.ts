import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog, chooseEmployer, openWithAcmeShift, todayInNewYork } from './work-logs.helpers';

/** Work logs: axe and the keyboard, a 375 px phone, and long names and notes. */

test('under 768 px the logs are cards that fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '22:00',
    endTime: '06:00',
    breakDuration: 30,
  });
  await page.goto('/work-logs');
  const cards = page.getByRole('list', { name: 'Work logs' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText('10:00 PM – 6:00 AM (+1 day)');
  await expect(cards).toContainText('7.5 h');
  await expect(cards).toContainText('$187.50');
  await expect(page.getByRole('table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
  await checkA11y(page, 'work logs at 375 px');

  await cards.getByRole('button', { name: /^Edit work log for Acme Studio/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
  await expect(dialog.getByLabel('Start time hour')).toHaveValue('10');
  await checkA11y(page, 'edit dialog at 375 px');
});

test('the page, the dialog and the calendar pass axe, and the keyboard opens and closes the dialog', async ({
  page,
}) => {
  await openWithAcmeShift(page, { departments: ['Design', 'Front desk'] });
  await checkA11y(page, 'work logs page');

  const newButton = page.getByRole('button', { name: 'New Work Log' });
  await newButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
  await checkA11y(page, 'work-log dialog');

  // A new log starts with the employer of the last shift, so its departments are offered at once.
  const department = dialog.getByRole('combobox', { name: 'Department' });
  await expect(dialog.getByRole('combobox', { name: 'Employer' })).toContainText('Acme Studio');
  await expect(department).toBeEnabled();
  await chooseEmployer(page, dialog, 'Acme Studio');
  await expect(department).toBeEnabled();

  await dialog.getByRole('button', { name: /^Date/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  const years = calendar.getByRole('combobox', { name: /year/i });
  await expect(years).toBeVisible();
  const yearOptions = await years.locator('option').allTextContents();
  const nextYear = new Date().getFullYear() + 1;
  expect(yearOptions[0]).toBe('2020');
  expect(yearOptions.at(-1)).toBe(String(nextYear));
  await checkA11y(page, 'calendar popover');
  await years.selectOption('2024');
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'March' });
  await calendar.getByRole('button', { name: /March 15th, 2024/ }).click();
  await expect(calendar).toBeHidden();
  await expect(dialog.getByRole('button', { name: /^Date/ })).toHaveText('Fri, Mar 15, 2024');

  // The form now holds a choice, so Escape asks before dropping it; the keyboard answers too.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask.getByRole('button', { name: 'Keep Editing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Discard Changes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();
});

const longName = 'Northwind Harbour Logistics & Cold Storage Cooperative';
const longNote =
  `Covered the late shift for Sam. ${'Restocked the cold room and counted the inventory twice. '.repeat(10)}`.trim();

for (const width of [375, 1280]) {
  test(`a 54-character employer name and a long note fit a ${width} px screen with Edit and Delete in view`, async ({
    page,
  }) => {
    expect(longName).toHaveLength(54);
    await page.setViewportSize({ width, height: 900 });
    await signUpThroughApi(page);
    const employer = await addEmployerThroughApi(page, { name: longName, hourlyRate: '25.00' });
    await addWorkLog(page, {
      employerId: employer.id,
      date: todayInNewYork(),
      startTime: '22:00',
      endTime: '06:00',
      breakDuration: 30,
      note: longNote,
    });
    await page.goto('/work-logs');
    await page.getByRole('combobox', { name: 'Filter by employer' }).click();
    await page.getByRole('option', { name: longName }).click();
    const edit = page.getByRole('button', { name: new RegExp(`^Edit work log for ${longName}`) });
    const remove = page.getByRole('button', {
      name: new RegExp(`^Delete work log for ${longName}`),
    });
    // Scrolled to (a phone shows the card below the totals), then wholly on screen: nothing
    // pushed them out sideways.
    for (const button of [edit, remove]) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    await page
      .getByRole('button', { name: new RegExp(`^Show the whole note for ${longName}`) })
      .click();
    const note = page.getByRole('dialog', { name: new RegExp(`^Note for ${longName}`) });
    await expect(note).toContainText(longNote);
    expect(await fits()).toBe(true);
    await checkA11y(page, `long name and note at ${width} px`);
    await page.keyboard.press('Escape');

    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
    await expect(dialog.getByLabel('Note (optional)')).toHaveValue(longNote);
    await expect(dialog.getByRole('combobox', { name: 'Employer' })).toContainText(longName);
    expect(await fits()).toBe(true);
  });
}
