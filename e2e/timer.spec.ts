import type { Browser, Page } from '@playwright/test';
import {
  addEmployerThroughApi,
  checkA11y,
  expect,
  PASSWORD,
  signUpThroughApi,
  test,
} from './fixtures';
import { shootThemes } from './screenshots.helpers';
import { row } from './work-logs.helpers';

/**
 * The timer (decision 044): kept on the server, so another browser of the same user sees a
 * start, a pause and a stop within 2 seconds (it asks every 2 s); stopped, it is a shift.
 */

// A shift is a minute at least: the timer runs a little over one before it is stopped.
test.describe.configure({ timeout: 150_000 });

/** Screenshots at 1280 and 375 px, light and dark, when asked for (never in a normal run). */
const shotsDir = process.env.TIMER_SHOTS;

/** Within the 2 s poll and the request it makes. */
const SEEN_WITHIN = { timeout: 2_500 };

const control = (page: Page) => page.getByTestId('timer-control');

/** The same user signed in in a second browser (another device). */
async function secondDevice(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { page, close: () => context.close() };
}

/** 'HH:MM' in New York (the zone sign-up leaves), to the nearest minute. */
const newYorkMinute = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Math.round(Date.parse(iso) / 60_000) * 60_000));

test('started in one browser, seen in another within 2 s; stopped there, it is a shift in the list', async ({
  page,
  browser,
}) => {
  const email = await signUpThroughApi(page);
  await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '20',
    departments: ['Bar'],
  });
  await page.request.patch('/api/settings/general', { data: { timeFormat: '24-hour' } });
  await page.goto('/');
  const other = await secondDevice(browser, email);
  try {
    await expect(control(other.page)).toHaveAccessibleName('Start timer');

    // Start in the first browser, by keyboard.
    await control(page).focus();
    await page.keyboard.press('Enter');
    const start = page.getByRole('dialog', { name: 'Start timer' });
    await start.getByRole('combobox', { name: 'Employer' }).click();
    await page.getByRole('option', { name: 'Acme Studio' }).click();
    await start.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Bar' }).click();
    await checkA11y(page, 'the start timer dialog');
    await start.getByRole('button', { name: 'Start timer' }).click();
    await expect(start).toBeHidden();
    const started = Date.now();
    await expect(control(page)).toHaveAccessibleName(/^Timer for Acme Studio, running/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Timer started for Acme Studio' }),
    ).toBeAttached();

    // The other browser shows it within 2 s, without a reload, ticking.
    await expect(control(other.page)).toHaveAccessibleName(
      /^Timer for Acme Studio, running/,
      SEEN_WITHIN,
    );
    await expect(control(other.page)).toContainText(/0:00:\d\d/);
    await shootThemes(page, shotsDir, 'timer-clocked-in', control(page));

    // A pause there shows here within 2 s; so does the resume.
    await control(other.page).click();
    const running = other.page.getByRole('dialog', { name: 'Timer' });
    await running.getByRole('button', { name: 'Pause for a break' }).click();
    await expect(control(page)).toHaveAccessibleName(/^Timer for Acme Studio, paused/, SEEN_WITHIN);
    await running.getByRole('button', { name: 'Resume' }).click();
    await expect(control(page)).toHaveAccessibleName(
      /^Timer for Acme Studio, running/,
      SEEN_WITHIN,
    );
    await checkA11y(other.page, 'the running timer dialog');
    await shootThemes(other.page, shotsDir, 'timer-other-device', running);

    // A little over a minute after the start, stop it in the second browser.
    await other.page.waitForTimeout(Math.max(0, 62_000 - (Date.now() - started)));
    const [stop] = await Promise.all([
      other.page.waitForResponse(
        (res) => res.url().endsWith('/api/timer/stop') && res.request().method() === 'POST',
      ),
      running.getByRole('button', { name: 'Stop and save' }).click(),
    ]);
    expect(stop.status()).toBe(201);
    const shift = (await stop.json()) as {
      startTime: string;
      endTime: string;
      breakDuration: number;
    };
    await expect(running).toBeHidden();
    await expect(other.page.getByText('Shift saved', { exact: true })).toBeVisible();
    await expect(control(other.page)).toHaveAccessibleName('Start timer');
    // And the first browser is idle again within 2 s.
    await expect(control(page)).toHaveAccessibleName('Start timer', SEEN_WITHIN);

    // Its times: the timer's instants in the user's zone, to the minute.
    const timerStart = newYorkMinute(new Date(started).toISOString());
    expect([timerStart, newYorkMinute(new Date(started - 60_000).toISOString())]).toContain(
      shift.startTime.slice(0, 5),
    );
    await other.page.goto('/work-logs');
    const listed = row(other.page, 'Acme Studio');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(shift.startTime.slice(0, 5));
    await expect(listed).toContainText(shift.endTime.slice(0, 5));
    await expect(listed).toContainText('Bar');
    // The list's rows are cards at 375 px: the shot keeps the top of the page.
    await shootThemes(other.page, shotsDir, 'timer-clocked-out-list');
  } finally {
    await other.close();
  }
});

test('at 375 px the control fits the top bar, idle and running', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpThroughApi(page);
  const employer = await addEmployerThroughApi(page, {
    name: 'A Very Long Employer Name Ltd',
    hourlyRate: '20',
  });
  await page.goto('/');
  await expect(control(page)).toBeVisible();
  const res = await page.request.post('/api/timer/start', { data: { employerId: employer.id } });
  expect(res.status()).toBe(201);
  await expect(control(page)).toHaveAccessibleName(
    /^Timer for A Very Long Employer Name Ltd/,
    SEEN_WITHIN,
  );
  const box = await control(page).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await control(page).click();
  await expect(page.getByRole('dialog', { name: 'Timer' })).toBeVisible();
  await checkA11y(page, 'the timer dialog at 375 px');
});
