import type { Locator, Page } from '@playwright/test';
import { openAction, startAdding } from './employers.helpers';
import { checkA11y, employerCard, expect, signUpThroughApi, test } from './fixtures';
import { shootThemes } from './screenshots.helpers';

/**
 * A nurse's hospital pays US federal overtime, $2.00 an hour more from 22:00 to 06:00, and 10 %
 * more on the shifts she is charge nurse. She sets that up in the employer form, sees it on the
 * card and in the form again, and moves the workweek to start on Monday.
 */

test.describe.configure({ timeout: 120_000 });

const shotsDir = process.env.OVERTIME_SHOTS;
const shoot = async (page: Page, name: string, focus?: Locator) => {
  await shootThemes(page, shotsDir, name, focus);
  if (!shotsDir) return;
  // shootThemes takes the desktop in light only: the dark one too.
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await focus?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/${name}-1280-dark.png` });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

type StoredEmployer = {
  name: string;
  overtime: { preset: string; workweekStartDay: number; weekly?: unknown };
  premiums: Record<string, unknown>[];
};

async function storedEmployer(page: Page, name: string): Promise<StoredEmployer> {
  const res = await page.request.get('/api/employers');
  expect(res.status()).toBe(200);
  const employers = (await res.json()) as StoredEmployer[];
  const employer = employers.find((e) => e.name === name);
  if (!employer) throw new Error(`No employer named ${name}`);
  return employer;
}

test('overtime and premiums: chosen in the form, saved exactly, shown on the card and again in the form', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'Mercy Hospital', '40.00');

  await dialog.getByRole('combobox', { name: 'Overtime' }).click();
  await page.getByRole('option', { name: 'US federal (over 40 h a week)' }).click();
  await expect(dialog.getByRole('list', { name: 'Overtime rules' })).toHaveText(
    'Over 40 h a week at 1.5× (hours paid as daily overtime not counted again)',
  );
  await expect(dialog.getByRole('combobox', { name: 'Workweek starts' })).toHaveText('Sunday');

  await dialog.getByRole('button', { name: 'Add premium' }).click();
  let editor = dialog.getByRole('group', { name: 'New premium' });
  await editor.getByLabel('Premium name').fill('Nights');
  await editor.getByLabel('Amount per hour ($)').fill('2.00');
  await editor.getByLabel('From').fill('22:00');
  await editor.getByLabel('To', { exact: true }).fill('06:00');
  await expect(editor.getByText('Runs past midnight, into the next day.')).toBeVisible();
  await shoot(page, 'premium-editor', editor);
  await checkA11y(page, 'the premium editor');
  await editor.getByRole('button', { name: 'Add this premium' }).click();
  await expect(dialog.getByText('Nights: +$2.00/h, 22:00–06:00')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add premium' }).click();
  editor = dialog.getByRole('group', { name: 'New premium' });
  await editor.getByLabel('Premium name').fill('Charge nurse');
  await editor.getByRole('radio', { name: 'Percentage of the rate' }).click();
  await editor.getByLabel('Percentage (%)').fill('10');
  await editor.getByRole('checkbox', { name: 'Only on shifts where I switch it on' }).check();
  await editor.getByRole('button', { name: 'Add this premium' }).click();
  await expect(
    dialog.getByText('Charge nurse: +10% of the rate, on shifts where it is switched on'),
  ).toBeVisible();
  await shoot(page, 'overtime-section', dialog.getByRole('button', { name: 'Add premium' }));

  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog).toBeHidden();

  const card = employerCard(page, 'Mercy Hospital');
  await expect(card.getByText('US federal (over 40 h a week)')).toBeVisible();
  await expect(card.getByText('Nights +$2.00/h, Charge nurse +10%')).toBeVisible();
  await shoot(page, 'overtime-card', card);

  // Stored exactly: whole cents and basis points, the preset's thresholds filled by the server.
  const stored = await storedEmployer(page, 'Mercy Hospital');
  expect(stored.overtime).toMatchObject({
    preset: 'usFederal',
    workweekStartDay: 0,
    weekly: { overMinutes: 2400, multiplierBp: 15_000 },
  });
  expect(stored.premiums).toEqual([
    expect.objectContaining({
      name: 'Nights',
      kind: 'fixed',
      centsPerHour: 200,
      window: { start: '22:00', end: '06:00' },
    }),
    expect.objectContaining({
      name: 'Charge nurse',
      kind: 'percent',
      basisPoints: 1000,
      manualOnly: true,
    }),
  ]);

  await openAction(page, 'Mercy Hospital', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Employer Details' });
  await expect(edit.getByRole('combobox', { name: 'Overtime' })).toHaveText(
    'US federal (over 40 h a week)',
  );
  await expect(edit.getByText('Nights: +$2.00/h, 22:00–06:00')).toBeVisible();
  await expect(
    edit.getByText('Charge nurse: +10% of the rate, on shifts where it is switched on'),
  ).toBeVisible();
  await edit.getByRole('combobox', { name: 'Workweek starts' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await edit.getByLabel('Workweek start time').fill('06:00');
  // No shifts yet: nothing to ask, the change saves at once.
  await edit.getByRole('button', { name: 'Save Employer' }).click();
  await expect(edit).toBeHidden();

  const after = await storedEmployer(page, 'Mercy Hospital');
  expect(after.overtime).toMatchObject({
    preset: 'usFederal',
    workweekStartDay: 1,
    workweekStartTime: '06:00',
  });
  expect(after.premiums).toEqual(stored.premiums);
  await openAction(page, 'Mercy Hospital', 'Edit');
  await expect(edit.getByRole('combobox', { name: 'Workweek starts' })).toHaveText('Monday');
  await expect(edit.getByLabel('Workweek start time')).toHaveValue('06:00');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await openAction(page, 'Mercy Hospital', 'Rate history');
  const history = page.getByRole('dialog', { name: 'Rate history' });
  await expect(history.getByRole('cell', { name: 'US federal (over 40 h a week)' })).toBeVisible();
  await expect(
    history.getByRole('cell', { name: 'Nights +$2.00/h, Charge nurse +10%' }),
  ).toBeVisible();
  await shoot(page, 'rate-history', history.getByRole('heading', { name: 'Rate history' }));
});

test('holidays: a country in the form, then a date removed, put back and one added', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const dialog = await startAdding(page, 'County Hospital', '38.00');
  const country = dialog.getByRole('combobox', { name: 'Public holidays from' });
  await expect(country).toBeEnabled();
  await country.click();
  await page.getByRole('option', { name: 'United States of America', exact: true }).click();
  const region = dialog.getByRole('combobox', { name: 'Region' });
  await expect(region).toBeEnabled();
  await region.click();
  await page.getByRole('option', { name: 'California', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Employer' }).click();
  await expect(dialog).toBeHidden();

  await openAction(page, 'County Hospital', 'Holidays');
  const holidays = page.getByRole('dialog', { name: 'Holidays' });
  const year = new Date().getUTCFullYear();
  await expect(holidays.getByRole('heading', { name: String(year) })).toBeVisible();
  const independence = holidays
    .getByRole('listitem')
    .filter({ has: page.getByText('Independence Day', { exact: true }) });
  await expect(independence).toBeVisible();
  await independence.getByRole('button', { name: /^Remove Independence Day/ }).click();
  const putBack = independence.getByRole('button', { name: /^Put back Independence Day/ });
  await expect(putBack).toBeVisible();
  await expect(independence.getByText('Independence Day', { exact: true })).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await holidays.getByLabel('Date').fill(`${year}-12-24`);
  await holidays.getByLabel('Name').fill('Christmas Eve shutdown');
  await holidays.getByRole('button', { name: 'Add date' }).click();
  await expect(holidays.getByText('Christmas Eve shutdown')).toBeVisible();
  await shoot(page, 'holidays', holidays.getByRole('heading', { name: String(year) }));
  await checkA11y(page, 'the holidays dialog');
  await putBack.click();
  await expect(
    independence.getByRole('button', { name: /^Remove Independence Day/ }),
  ).toBeVisible();

  const res = await page.request.get(
    `/api/employers/${(await page.request.get('/api/employers').then((r) => r.json()))[0].id}/holidays?year=${year}`,
  );
  const list = (await res.json()) as {
    holidays: { name: string; removed: boolean; source: string }[];
  };
  expect(list.holidays).toContainEqual(
    expect.objectContaining({ name: 'Christmas Eve shutdown', source: 'added', removed: false }),
  );
  expect(list.holidays).toContainEqual(
    expect.objectContaining({ name: 'Independence Day', source: 'library', removed: false }),
  );
});
