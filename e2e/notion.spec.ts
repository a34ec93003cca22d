import type { Page } from '@playwright/test';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import {
  addWorkLog,
  chooseEmployer,
  openNewLog,
  setTime,
  todayInNewYork,
} from './work-logs.helpers';

/**
 * The Notion mirror, end to end: Settings → Integrations connects a database of the loopback
 * Notion fake (scripts/e2e-notion.mjs), adds the missing properties, mirrors the logs already
 * there; a shift logged is synced within seconds; with Notion failing, the log says so, and Retry
 * syncs it once Notion is back; an integration without a capability is told which one to enable.
 */

// One Notion fake serves the run: the failure one test injects must not meet the other's calls.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const control = (path: string, init?: RequestInit) =>
  fetch(`${process.env.E2E_NOTION_CONTROL}${path}`, init).then((r) => r.json());

async function newDatabase(title: string): Promise<string> {
  const { databaseId } = (await control('/database', {
    method: 'POST',
    body: JSON.stringify({ title }),
  })) as { databaseId: string };
  return databaseId;
}

const pagesOf = (logId: number) =>
  control(`/pages?logId=${logId}`) as Promise<{ properties: Record<string, unknown> }[]>;

async function connectNotion(page: Page, databaseId: string) {
  await page.goto('/settings#integrations');
  const panel = page.getByRole('tabpanel', { name: 'Integrations' });
  await panel.getByLabel('Integration token').fill(process.env.E2E_NOTION_TOKEN ?? '');
  await panel
    .getByLabel('Database link or ID')
    .fill(`https://www.notion.so/acme/Shifts-${databaseId.replace(/-/g, '')}?v=1`);
  await panel.getByRole('button', { name: 'Connect Notion' }).click();
  await expect(panel.getByText(/^Connected to /)).toBeVisible();
  return panel;
}

test('connects a Notion database, mirrors the logs there, and a new shift within seconds', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const earlier = await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '12:00',
  });
  const panel = await connectNotion(page, await newDatabase('Shifts'));
  // A fresh database lacks every property: added on request, then the logs already there go.
  await panel.getByRole('button', { name: 'Add missing properties' }).click();
  await expect(panel.getByRole('button', { name: 'Add missing properties' })).toBeHidden();
  await expect(panel.getByText(/^1 of 1 work logs? in Notion$/)).toBeVisible({ timeout: 15_000 });
  await checkA11y(page, 'Settings → Integrations, connected');
  await expect.poll(async () => (await pagesOf(earlier.id)).length).toBe(1);
  const [mirrored] = await pagesOf(earlier.id);
  expect(mirrored?.properties).toMatchObject({ Hours: { number: 3 }, Earnings: { number: 75 } });

  // A shift logged through the page.
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await setTime(dialog, 'Start time', '01:00 PM');
  await setTime(dialog, 'End time', '03:00 PM');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Notifications/ })
      .getByText(
        'A new work log has been added successfully and synced to the notes database service.',
      ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Synced to Notion', { exact: true }).first()).toBeVisible();
});

test('when Notion fails, the log says so with the reason; Retry syncs it once Notion is back', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const panel = await connectNotion(page, await newDatabase('Hours'));
  await panel.getByRole('button', { name: 'Add missing properties' }).click();
  await expect
    .poll(async () => (await (await page.request.get('/api/notion')).json()).missingProperties)
    .toEqual([]);

  // Notion refuses the next write for good (a property error): the mirror fails with its words.
  await control('/fail', {
    method: 'POST',
    // The page's creation, not any other call (the status checks, the query before it).
    body: JSON.stringify({
      status: 400,
      code: 'validation_error',
      times: 1,
      only: '^POST /v1/pages$',
    }),
  });
  // The shift is logged through the page: the save goes through, then the mirror's failure
  // arrives as the 'Error Syncing' toast with Notion's words.
  await page.goto('/work-logs');
  const dialog = await openNewLog(page);
  await chooseEmployer(page, dialog, 'Acme Studio');
  await setTime(dialog, 'Start time', '01:00 PM');
  await setTime(dialog, 'End time', '05:00 PM');
  await dialog.getByRole('button', { name: 'Save Work Log' }).click();
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  await expect(notifications.getByText('Error Syncing', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    notifications.getByText(/^Failed to add\/update work log to Notion database: /),
  ).toBeVisible();
  const log = (
    (await (await page.request.get('/api/work-logs')).json()) as { id: number }[]
  )[0] as { id: number };
  const retry = page.getByRole('button', { name: /^Retry Notion sync for Acme Studio/ });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel(/^Not synced to Notion: /)).toBeVisible();
  await retry.click();
  await expect(page.getByLabel('Synced to Notion', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(async () => (await pagesOf(log.id)).length).toBe(1);
});

test('an integration without “Insert content”: the log and Settings say which capability to turn on', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  // Reading and changing are allowed, making pages is not (Notion answers 403 restricted_resource).
  await control('/capabilities', {
    method: 'POST',
    body: JSON.stringify({ capabilities: ['read_content', 'update_content'] }),
  });
  try {
    const panel = await connectNotion(page, await newDatabase('Capless'));
    await panel.getByRole('button', { name: 'Add missing properties' }).click();
    // The button is renamed "Adding..." at once: wait for the server to have them all.
    await expect
      .poll(async () => (await (await page.request.get('/api/notion')).json()).missingProperties)
      .toEqual([]);
    await addWorkLog(page, {
      employerId: acme.id,
      date: todayInNewYork(),
      startTime: '09:00',
      endTime: '12:00',
    });
    const advice = /lacks the “Insert content” capability/;
    await page.goto('/work-logs');
    await expect(page.getByLabel(/^Not synced to Notion: /).first()).toHaveAccessibleName(advice, {
      timeout: 15_000,
    });

    await page.goto('/settings#integrations');
    const settings = page.getByRole('tabpanel', { name: 'Integrations' });
    await expect(settings.getByText(/^Notion stopped copying to /)).toBeVisible();
    await expect(settings.getByText(advice)).toContainText(
      'Turn it on in the integration’s settings in Notion (Capabilities), then connect again below.',
    );
    await expect(settings.getByRole('button', { name: 'Reconnect Notion' })).toBeVisible();
    await checkA11y(page, 'Settings → Integrations, a capability missing');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await settings.getByText(advice).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`notion-capability-${width}.png`) });
    }
  } finally {
    await control('/capabilities', {
      method: 'POST',
      body: JSON.stringify({ capabilities: null }),
    });
  }
});
