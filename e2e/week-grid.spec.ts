import type { Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog } from './work-logs.helpers';

/** The week grid (docs/product/screens.md#week-grid): a week of shifts typed from the keyboard. */

// Sunday 1 March 2026 to Saturday 7 March.
const WEEK = '/work-logs/week?week=2026-03-01';
const shotsDir = process.env.WEEK_GRID_SHOTS;

const cell = (page: Page, employer: string, day: string) =>
  page.getByRole('textbox', { name: `${employer}, ${day}`, exact: true });

type Logged = { date: string; startTime: string; endTime: string; breakDuration: number };
async function weekLogs(page: Page, employerId?: number): Promise<Logged[]> {
  const res = await page.request.get('/api/work-logs?from=2026-03-01&to=2026-03-07');
  const logs = (await res.json()) as (Logged & { employerId: number })[];
  return logs
    .filter((log) => employerId === undefined || log.employerId === employerId)
    .map(({ date, startTime, endTime, breakDuration }) => ({
      date,
      startTime,
      endTime,
      breakDuration,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Types into the focused cell and moves on with the key given. */
async function type(page: Page, text: string, then = 'Tab') {
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

test('keyboard only: a week for two employers, totals as typed, one save', async ({ page }) => {
  // Some sixty keys, an accessibility scan and a save.
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const depot = await addEmployerThroughApi(page, { name: 'Night Depot', hourlyRate: '20.00' });
  // Reached from the work logs page.
  await page.goto('/work-logs');
  await page.getByRole('link', { name: 'Week' }).press('Enter');
  await expect(page).toHaveURL(/\/work-logs\/week$/);
  await page.goto(WEEK);
  await expect(
    page.getByRole('heading', { name: 'Sun, Mar 1, 2026 – Sat, Mar 7, 2026' }),
  ).toBeVisible();
  await cell(page, 'Acme Studio', 'Monday, March 2').focus();

  await type(page, '9-17 b30');
  await expect(page.getByTestId('row-total').first()).toHaveText('7.5 h');
  await type(page, '9:15-17:45');
  await type(page, '8');
  // Unreadable text is pointed out at its cell once left, never guessed.
  await type(page, 'nine to five');
  const thursday = cell(page, 'Acme Studio', 'Thursday, March 5');
  await expect(thursday).toHaveAttribute('aria-invalid', 'true');
  await expect(thursday).toHaveAccessibleDescription(/Type a range like 9-17/);
  await page.keyboard.press('Shift+Tab');
  await expect(thursday).toBeFocused();
  await page.keyboard.press('Control+a');
  await type(page, '9-13', 'ArrowDown');
  await expect(thursday).not.toHaveAttribute('aria-invalid', 'true');

  // Down to Night Depot on Thursday, then left to Wednesday: overnight shifts.
  await expect(cell(page, 'Night Depot', 'Thursday, March 5')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await type(page, '22-6:30 b30', 'ArrowRight');
  await expect(cell(page, 'Night Depot', 'Wednesday, March 4')).toHaveAccessibleDescription(
    '10:00 PM – 6:30 AM (+1 day) · 30 min break',
  );
  await type(page, '22-6:30 b30', 'ArrowRight');
  await expect(page.getByTestId('row-total').nth(1)).toHaveText('16 h');
  await expect(page.getByTestId('day-total').nth(4)).toHaveText('12 h');
  await expect(page.getByTestId('week-total')).toHaveText('44 h');
  await checkA11y(page, 'week grid with typed cells');

  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/work-logs/week')) saves.push(request.method());
  });
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('week-grid-status')).toHaveText('Saved: 6 new shifts');
  expect(saves).toEqual(['POST']);
  expect(await weekLogs(page, acme.id)).toEqual([
    { date: '2026-03-02', startTime: '09:00', endTime: '17:00', breakDuration: 30 },
    { date: '2026-03-03', startTime: '09:15', endTime: '17:45', breakDuration: 0 },
    { date: '2026-03-04', startTime: '09:00', endTime: '17:00', breakDuration: 0 },
    { date: '2026-03-05', startTime: '09:00', endTime: '13:00', breakDuration: 0 },
  ]);
  expect(await weekLogs(page, depot.id)).toEqual([
    { date: '2026-03-04', startTime: '22:00', endTime: '06:30', breakDuration: 30 },
    { date: '2026-03-05', startTime: '22:00', endTime: '06:30', breakDuration: 30 },
  ]);
  // The saved shifts are what the cells show now.
  await expect(cell(page, 'Acme Studio', 'Wednesday, March 4')).toHaveValue('9-17');
  await expect(page.getByRole('button', { name: 'Save week' })).toBeDisabled();
});

test('a changed cell and a cleared cell are saved in one request', async ({ page }) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) {
    await addWorkLog(page, { employerId: acme.id, date, startTime: '09:00', endTime: '17:00' });
  }
  await page.goto(WEEK);
  const monday = cell(page, 'Acme Studio', 'Monday, March 2');
  await expect(monday).toHaveValue('9-17');
  await monday.focus();
  await page.keyboard.press('Control+a');
  await type(page, '10-18 b45');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('week-total')).toHaveText('15.25 h');

  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/work-logs')) {
      if (request.method() !== 'GET') bodies.push(request.postDataJSON());
    }
  });
  await page.getByRole('button', { name: 'Save 2 changes' }).click();
  await expect(page.getByTestId('week-grid-status')).toHaveText('Saved: 1 changed, 1 deleted');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({
    create: [],
    update: [{ startTime: '10:00', endTime: '18:00', breakDuration: 45 }],
    delete: [expect.any(Number)],
  });
  expect(await weekLogs(page)).toEqual([
    { date: '2026-03-02', startTime: '10:00', endTime: '18:00', breakDuration: 45 },
    { date: '2026-03-04', startTime: '09:00', endTime: '17:00', breakDuration: 0 },
  ]);
});

test('a refusal names its cell, saves nothing, and leaves every cell as typed', async ({
  page,
  consoleErrors,
}) => {
  // The browser logs the refused request.
  consoleErrors.expect(/status of 409 \(Conflict\)/, 1);
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  // Monday's night shift runs to 06:00 on Tuesday: a Tuesday shift from 05:00 overlaps it.
  await addWorkLog(page, {
    employerId: acme.id,
    date: '2026-03-02',
    startTime: '22:00',
    endTime: '06:00',
  });
  const before = await weekLogs(page);
  await page.goto(WEEK);
  await cell(page, 'Acme Studio', 'Sunday, March 1').focus();
  await type(page, '9-17');
  await page.keyboard.press('Control+a');
  await type(page, '22-7');
  await type(page, '5-13');
  await type(page, '8 b30', 'Control+Enter');

  const tuesday = cell(page, 'Acme Studio', 'Tuesday, March 3');
  await expect(page.getByRole('alert')).toContainText(
    'Tue, Mar 3, 2026: Your Acme Studio shift on Mon, Mar 2, 2026',
  );
  await expect(page.getByRole('alert')).toContainText('Nothing was saved.');
  await expect(tuesday).toHaveAttribute('aria-invalid', 'true');
  await expect(tuesday).toBeFocused();
  await expect(tuesday).toHaveAccessibleDescription(/overlaps this one/);
  await expect(cell(page, 'Acme Studio', 'Sunday, March 1')).toHaveValue('9-17');
  await expect(cell(page, 'Acme Studio', 'Monday, March 2')).toHaveValue('22-7');
  await expect(tuesday).toHaveValue('5-13');
  await expect(cell(page, 'Acme Studio', 'Wednesday, March 4')).toHaveValue('8 b30');
  expect(await weekLogs(page)).toEqual(before);

  // Fixed at that cell, the same save goes through.
  await page.keyboard.press('Control+a');
  await type(page, '7-13', 'Control+Enter');
  await expect(page.getByTestId('week-grid-status')).toHaveText('Saved: 3 new shifts, 1 changed');
  expect(await weekLogs(page)).toEqual([
    { date: '2026-03-01', startTime: '09:00', endTime: '17:00', breakDuration: 0 },
    { date: '2026-03-02', startTime: '22:00', endTime: '07:00', breakDuration: 0 },
    { date: '2026-03-03', startTime: '07:00', endTime: '13:00', breakDuration: 0 },
    // Hours alone start at the employer's usual start: its one shift so far starts at 22:00.
    { date: '2026-03-04', startTime: '22:00', endTime: '06:00', breakDuration: 30 },
  ]);
});

test('two shifts on one day at one employer are shown, not merged', async ({ page }) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  for (const [startTime, endTime] of [
    ['08:00', '12:00'],
    ['13:00', '17:30'],
  ]) {
    await addWorkLog(page, { employerId: acme.id, date: '2026-03-03', startTime, endTime });
  }
  await page.goto(WEEK);
  const both = page.getByRole('button', {
    name: 'Acme Studio, Tuesday, March 3: 2 shifts, 8.5 hours. Show them',
  });
  await expect(both).toHaveText('2 shifts · 8.5 h');
  await expect(page.getByTestId('week-total')).toHaveText('8.5 h');
  await both.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([
    /8:00 AM – 12:00 PM\s*4 h/,
    /1:00 PM – 5:30 PM\s*4.5 h/,
  ]);
  await page.keyboard.press('Escape');
  await expect(both).toBeFocused();
});

test('a keyboard-entered week for three employers, totalled as typed (and shot with WEEK_GRID_SHOTS)', async ({
  page,
}) => {
  // Four full-page screenshots after the typing, when asked for.
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  for (const [name, rate] of [
    ['Acme Studio', '25.00'],
    ['Blue Diner', '18.50'],
    ['Night Depot', '20.00'],
  ] as const) {
    await addEmployerThroughApi(page, { name, hourlyRate: rate });
  }
  await page.goto(WEEK);
  await cell(page, 'Acme Studio', 'Monday, March 2').focus();
  for (const text of ['9-17 b30', '9-17 b30', '9:15-17:45', '', '9-13']) await type(page, text);
  await page.keyboard.press('ArrowDown');
  for (const text of ['17-22', '', '11-15']) await type(page, text, 'Shift+Tab');
  await type(page, '10-14', 'ArrowDown');
  for (const text of ['22-6:30 b30', '22-6:30 b30', '22-6:30 b30']) await type(page, text);
  // Acme Studio's row: 7.5 + 7.5 + 8.5 + 4 h, totalled as typed.
  await expect(page.getByRole('row').filter({ hasText: 'Acme Studio' })).toContainText('27.5 h');
  if (!shotsDir) return;
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await page.screenshot({
      path: `${shotsDir}/week-grid-${width}${dark ? '-dark' : ''}.png`,
      fullPage: true,
    });
  }
});
