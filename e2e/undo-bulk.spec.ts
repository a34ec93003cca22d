import type { Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog } from './work-logs.helpers';

/**
 * Selecting shifts and Undo (decision 048), end to end: 20 shifts, one mirrored to the loopback
 * Notion fake (scripts/e2e-notion.mjs); all ticked, deleted from the bar after confirmation, and
 * the toast's Undo (reached with F8 and Tab) puts all 20 back with the same ids, the mirrored
 * one's page out of the trash.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const control = (path: string, init?: RequestInit) =>
  fetch(`${process.env.E2E_NOTION_CONTROL}${path}`, init).then((r) => r.json());
const pagesOf = (logId: number) => control(`/pages?logId=${logId}`) as Promise<{ id: string }[]>;

const shotsDir = process.env.UNDO_SHOTS;

/** 1280 and 375 px, light and dark, with `focus` in view. */
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running'),
      );
      await page.screenshot({ path: `${shotsDir}/${name}-${width}${dark ? '-dark' : ''}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 800 });
}

const listedIds = async (page: Page) => {
  const res = await page.request.get('/api/work-logs');
  return ((await res.json()) as { id: number }[]).map((l) => l.id).sort((a, b) => a - b);
};

test('20 shifts ticked, deleted together, and Undo brings all back with their Notion page', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
  });
  // Notion connected with one shift in it: its page is mirrored before the rest are logged.
  const { databaseId } = (await control('/database', {
    method: 'POST',
    body: JSON.stringify({ title: 'Shifts' }),
  })) as { databaseId: string };
  const connect = await page.request.post('/api/notion/connect', {
    data: { token: process.env.E2E_NOTION_TOKEN, database: databaseId },
  });
  expect(connect.status()).toBe(200);
  expect((await page.request.post('/api/notion/properties')).status()).toBe(200);
  const mirrored = await addWorkLog(page, {
    employerId: acme.id,
    date: '2026-03-01',
    startTime: '09:00',
    endTime: '17:00',
  });
  await expect.poll(async () => (await pagesOf(mirrored.id)).length, { timeout: 20_000 }).toBe(1);
  const [pageBefore] = await pagesOf(mirrored.id);
  for (let day = 2; day <= 20; day++) {
    await addWorkLog(page, {
      employerId: acme.id,
      date: `2026-03-${String(day).padStart(2, '0')}`,
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      tipsCash: '5.00',
    });
  }
  const before = await (await page.request.get('/api/work-logs')).json();
  const ids = await listedIds(page);
  expect(ids).toHaveLength(20);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/work-logs');
  const table = page.getByRole('table');
  // A first visit on a loaded machine: the page's chunk may take a while.
  await expect(table.getByRole('row')).toHaveCount(21, { timeout: 30_000 });
  await table.getByRole('checkbox', { name: 'Select all work logs on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected work logs' });
  await expect(bar.getByText('20 selected')).toBeVisible();
  await checkA11y(page, 'Work logs, 20 selected');
  await shoot(page, 'work-logs-selection');

  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 20 work logs?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(toasts.getByText('20 work logs deleted')).toBeVisible();
  // F8 reaches the notifications, Tab the Undo; focus holds the toast open past its 10 s.
  await page.keyboard.press('F8');
  const undo = toasts.getByRole('button', { name: 'Undo' });
  for (
    let tabs = 0;
    tabs < 3 && !(await undo.evaluate((b) => b === document.activeElement));
    tabs++
  )
    await page.keyboard.press('Tab');
  await expect(undo).toBeFocused();
  await expect(page.getByText('No Work Logs Found')).toBeVisible();
  expect(await listedIds(page)).toEqual([]);
  // The mirror archives the page.
  await expect.poll(async () => (await pagesOf(mirrored.id)).length, { timeout: 20_000 }).toBe(0);
  await shoot(page, 'work-logs-undo-toast');
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(toasts.getByText('20 work logs restored')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(21);

  // All 20 back, the same ids and every field; the page out of the trash, the same one.
  expect(await listedIds(page)).toEqual(ids);
  await expect
    .poll(async () => (await pagesOf(mirrored.id)).map((p) => p.id), { timeout: 20_000 })
    .toEqual([pageBefore?.id]);
  await expect
    .poll(async () => {
      const after = (await (await page.request.get('/api/work-logs')).json()) as {
        notionSync: unknown;
      }[];
      const strip = (logs: { notionSync: unknown }[]) =>
        logs.map(({ notionSync: _sync, ...rest }) => rest);
      return JSON.stringify(strip(after)) === JSON.stringify(strip(before));
    })
    .toBe(true);
});

test('a bar on a phone: ticked cards moved to another employer', async ({ page }) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await addEmployerThroughApi(page, { name: 'Northwind', hourlyRate: '30.00' });
  for (const day of ['02', '03']) {
    await addWorkLog(page, {
      employerId: acme.id,
      date: `2026-03-${day}`,
      startTime: '09:00',
      endTime: '17:00',
    });
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/work-logs');
  const list = page.getByRole('list', { name: 'Work logs' });
  await expect(list.getByRole('checkbox')).toHaveCount(2, { timeout: 30_000 });
  for (const box of await list.getByRole('checkbox').all()) await box.check();
  const bar = page.getByRole('region', { name: 'Selected work logs' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  // The floating New Work Log gives way to the bar.
  await expect(page.getByRole('button', { name: 'New Work Log' })).toBeHidden();
  await bar.getByRole('button', { name: 'Change employer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change employer' });
  await dialog.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Northwind' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('2 work logs moved to Northwind'),
  ).toBeVisible();
  await expect(list.getByText('Northwind')).toHaveCount(2);
  await expect(list.getByText('$240.00')).toHaveCount(2);
});
