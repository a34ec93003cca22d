import type { Locator, Page } from '@playwright/test';
import { addEmployerThroughApi, expect, signUpThroughApi } from './fixtures';

/** What the work-logs specs share. */

/**
 * Adds a shift for the signed-in browser, straight through the API. Arranged shifts may
 * overlap, so it confirms overlaps unless the body says otherwise.
 */
export async function addWorkLog(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/work-logs', {
    data: { breakDuration: 0, hourlyRateAtTime: 0, allowOverlap: true, ...body },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Today in the user's zone: sign-up through the API leaves the default, New York. */
export const todayInNewYork = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

/** '05:30 PM' for a user who reads 12-hour time, '17:30' for one who reads 24-hour time. */
export async function setTime(dialog: Locator, which: 'Start time' | 'End time', time: string) {
  const [, hour, minute, period] = /^(\d\d):(\d\d)(?: (AM|PM))?$/.exec(time) ?? [];
  const group = dialog.getByRole('group', { name: which });
  await group.getByLabel(`${which} hour`).fill(hour ?? '');
  await group.getByLabel(`${which} minutes`).fill(minute ?? '');
  if (period) await group.getByRole('radio', { name: period }).check();
}

/** Chooses the user's time format (Settings → General) through the API. */
export async function chooseTimeFormat(page: Page, timeFormat: '12-hour' | '24-hour') {
  const res = await page.request.patch('/api/settings/general', { data: { timeFormat } });
  expect(res.status()).toBe(200);
}

export async function chooseEmployer(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name }).click();
}

export async function openNewLog(page: Page) {
  await page.getByRole('button', { name: 'New Work Log' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
  return dialog;
}

/** A new user with one employer, Acme Studio at $25.00, and the dialog open with it chosen. */
export async function newLogForAcme(page: Page) {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  return dialog;
}

/** A new user whose employer Acme Studio ($25.00) has one shift today, on the Work Logs page. */
export async function openWithAcmeShift(page: Page, employer: Record<string, unknown> = {}) {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    ...employer,
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
  });
  await page.goto('/work-logs');
  await expect(row(page, 'Acme Studio')).toBeVisible();
}

export const row = (page: Page, text: string | RegExp) =>
  page.getByRole('row').filter({ hasText: text });

/** `days` after (or before) an ISO date. */
export const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'Thu, Nov 26, 2026': a date as the work-log list shows it. */
export const displayDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
