import type { Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/** The month calendar and the calendar feed (decision 047). */

const DAY = 24 * 60 * 60 * 1000;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The month two before today's, and its 3rd, 9th, 10th and 11th. */
function pastMonth() {
  const today = utc(todayInNewYork());
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1));
  const day = (n: number) => iso(new Date(first.getTime() + (n - 1) * DAY));
  const title = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(first);
  return { title, day };
}

/** A saved shift's date, as the server has it. */
async function dateOf(page: Page, id: number) {
  const res = await page.request.get('/api/work-logs?limit=1000');
  const logs = (await res.json()) as { id: number; date: string }[];
  return logs.find((log) => log.id === id)?.date;
}

/** The Sunday on or before a date: weekly pay periods start on it by default. */
const weekStart = (date: string) =>
  iso(new Date(utc(date).getTime() - utc(date).getUTCDay() * DAY));

test('a month of shifts: keyboard between days, a move into a closed period refused, a move by Alt+arrow saved', async ({
  page,
  consoleErrors,
}) => {
  // Screenshots at three sizes, when asked for, on a loaded machine.
  test.setTimeout(120_000);
  // The move into the closed period is refused by the server (409), as designed.
  consoleErrors.expect(/status of 409/, 1);
  await signUpThroughApi(page);
  const { title, day } = pastMonth();
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    timesheetSchedule: 'weekly',
    brandColor: 'green',
  });
  const depot = await addEmployerThroughApi(page, {
    name: 'Night Depot',
    hourlyRate: '20.00',
    brandColor: 'orange',
  });
  const shift = await addWorkLog(page, {
    employerId: acme.id,
    date: day(10),
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
  await addWorkLog(page, {
    employerId: depot.id,
    date: day(10),
    startTime: '18:00',
    endTime: '22:00',
  });
  await addWorkLog(page, {
    employerId: depot.id,
    date: day(14),
    startTime: '18:00',
    endTime: '23:00',
  });
  const closed = await page.request.post('/api/payments/periods/close', {
    data: { employerId: acme.id, periodStart: weekStart(day(3)) },
  });
  expect(closed.status()).toBe(200);

  await page.goto('/work-logs');
  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const grid = page.getByRole('grid', { name: title });
  await expect(grid).toBeVisible();

  const cell = (date: string) => grid.locator(`[data-date="${date}"]`);
  const acmeShift = grid.getByRole('button', { name: /^Acme Studio, 9:00 AM – 5:00 PM/ });
  await expect(cell(day(10)).getByRole('button')).toHaveCount(2);
  // Hours per day: 7.5 at Acme and 4 at the depot.
  await expect(cell(day(10))).toHaveAccessibleName(/2 shifts, 11\.5 h$/);
  await checkA11y(page, 'calendar');
  await shootThemes(page, process.env.E2E_SHOTS, 'calendar', cell(day(10)));

  // Arrow keys move between days, one tab stop.
  await cell(day(9)).click();
  await expect(cell(day(9))).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cell(day(10))).toBeFocused();
  await expect(cell(day(10))).toHaveAttribute('tabindex', '0');
  await expect(cell(day(9))).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowDown');
  await expect(cell(day(17))).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(day(10))).toBeFocused();

  // Enter on a shift opens the work-log edit dialog.
  await page.keyboard.press('Tab');
  await expect(acmeShift).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(acmeShift).toBeFocused();

  // A week back is the closed period: refused, said so, nothing moved.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('alert')).toContainText(/Not moved: The pay period .* is closed/);
  await expect(cell(day(10)).getByRole('button', { name: /^Acme Studio/ })).toBeVisible();
  await expect(cell(day(3)).getByRole('button')).toHaveCount(0);

  // A day on: saved, and the shift keeps the focus on its new day.
  await page.keyboard.press('Alt+ArrowRight');
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved the Acme Studio shift' }),
  ).toBeVisible();
  await expect(cell(day(11)).getByRole('button', { name: /^Acme Studio/ })).toBeFocused();
  await expect(cell(day(10)).getByRole('button', { name: /^Acme Studio/ })).toHaveCount(0);
  expect(await dateOf(page, shift.id)).toBe(day(11));

  await page.reload();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(cell(day(11)).getByRole('button', { name: /^Acme Studio/ })).toBeVisible();
});

test('a shift dragged to another day is saved there', async ({ page }) => {
  await signUpThroughApi(page);
  const { day } = pastMonth();
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const shift = await addWorkLog(page, {
    employerId: acme.id,
    date: day(10),
    startTime: '09:00',
    endTime: '17:00',
  });
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const grid = page.getByRole('grid');
  const cell = (date: string) => grid.locator(`[data-date="${date}"]`);
  await cell(day(10))
    .getByRole('button', { name: /^Acme Studio/ })
    .dragTo(cell(day(12)));
  await expect(cell(day(12)).getByRole('button', { name: /^Acme Studio/ })).toBeVisible();
  expect(await dateOf(page, shift.id)).toBe(day(12));
});

test('the calendar feed: made in Settings, shown once, read by a calendar app, revoked', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme, Studio', hourlyRate: '25.00' });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '12:00',
    note: 'Keys; alarm code',
  });
  await page.goto('/settings#integrations');
  // The tab loads its own chunk when shown.
  await expect(page.getByText('You have no calendar URL.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Make calendar URL' }).click();
  const field = page.getByLabel('Your calendar URL');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByText('it is shown only this once')).toBeVisible();
  const url = await field.inputValue();
  await page.getByRole('button', { name: 'Copy calendar URL' }).click();
  await expect(page.getByRole('button', { name: 'Copied calendar URL' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await checkA11y(page, 'settings calendar feed');
  await shootThemes(page, process.env.E2E_SHOTS, 'calendar-feed', field);

  // A calendar app has no session: the URL is enough.
  const feed = await page.request.fetch(url, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('SUMMARY:Acme\\, Studio\r\n');
  expect(text).toContain('Keys\\; alarm code');

  // After a reload the URL is not shown again; revoking makes it answer 404.
  await page.reload();
  await expect(page.getByText(/A calendar URL was made on/)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no calendar URL.')).toBeVisible();
  expect((await page.request.fetch(url)).status()).toBe(404);
});
