import type { Locator, Page, Request } from '@playwright/test';
import { addEmployerThroughApi, expect, signUpThroughApi, test } from './fixtures';
import { chooseEmployer, openNewLog, row, setTime } from './work-logs.helpers';

/** Work logs on the nights the clocks change, for a user in Chicago. */

// The nights the clocks change in Chicago in 2026, as Intl reads them (checked below).
const SPRING_NIGHT = { year: '2026', month: 'March', day: /March 8th, 2026/ };
const AUTUMN_EVE = { year: '2026', month: 'October', day: /October 31st, 2026/ };

const zoneName = (instant: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;

async function pickDate(page: Page, dialog: Locator, date: typeof SPRING_NIGHT) {
  await dialog.getByRole('button', { name: /^Date/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await calendar.getByRole('combobox', { name: /year/i }).selectOption(date.year);
  await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: date.month });
  await calendar.getByRole('button', { name: date.day }).click();
  await expect(calendar).toBeHidden();
}

test('a Chicago user is told 2:30 AM does not exist on the spring night, and sees 10 PM to 6:30 AM on the autumn night as 9.5 hours', async ({
  page,
}) => {
  // 2 AM is when both changes happen: standard time before and after March 8 and November 1.
  expect([zoneName('2026-03-08T07:59Z'), zoneName('2026-03-08T08:00Z')]).toEqual(['CST', 'CDT']);
  expect([zoneName('2026-11-01T06:59Z'), zoneName('2026-11-01T07:00Z')]).toEqual(['CDT', 'CST']);

  await signUpThroughApi(page);
  const zone = await page.request.patch('/api/settings/general', {
    data: { timeZone: 'America/Chicago' },
  });
  expect(zone.status()).toBe(200);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (
      request.method() !== 'GET' &&
      new URL(request.url()).pathname.startsWith('/api/work-logs')
    ) {
      saves.push(request);
    }
  });
  await page.goto('/work-logs');

  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await pickDate(page, dialog, SPRING_NIGHT);
  await setTime(dialog, 'Start time', '02:30 AM');
  await setTime(dialog, 'End time', '09:00 AM');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const start = dialog.getByLabel('Start time hour');
  await expect(start).toHaveAccessibleDescription(
    'Start time 02:30 does not exist on March 8, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)',
  );
  await expect(start).toBeFocused();
  expect(saves).toEqual([]);

  await pickDate(page, dialog, AUTUMN_EVE);
  await setTime(dialog, 'Start time', '10:00 PM');
  await setTime(dialog, 'End time', '06:30 AM');
  await expect(start).not.toHaveAccessibleDescription(/./);
  await expect(dialog.getByTestId('shift-preview')).toContainText('9.5 h · $237.50');
  await expect(dialog.getByTestId('shift-preview')).toContainText('(ends next day)');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/work-logs',
  );
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toBeHidden();
  expect(saves).toHaveLength(1);

  await expect(row(page, 'Acme Studio')).toContainText('Sat, Oct 31, 2026');
  await expect(row(page, 'Acme Studio')).toContainText('10:00 PM – 6:30 AM (+1 day)');
  // The list shows what the server stored: the real 9 h 30, paid at $25.00.
  await expect(row(page, 'Acme Studio')).toContainText('9.5 h');
  await expect(row(page, 'Acme Studio')).toContainText('$237.50');
});
