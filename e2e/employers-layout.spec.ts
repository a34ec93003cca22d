import { openAction } from './employers.helpers';
import {
  addEmployerThroughApi,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  switchTheme,
  test,
} from './fixtures';

/** Employers: axe in light and dark, a 375 px phone, and long names. */

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('the page and every dialog pass axe in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, {
    name: 'Contrast Check',
    hourlyRate: '30',
    departments: ['Kitchen'],
    brandColor: 'orange',
  });
  await addEmployerThroughApi(page, { name: 'Inactive One', hourlyRate: '5', isActive: false });
  await page.goto('/employers');
  await expect(page.getByRole('article')).toHaveCount(2);
  for (const theme of ['Light', 'Dark'] as const) {
    await switchTheme(page, theme);
    await checkA11y(page, `employers ${theme}`);
    await page.getByRole('button', { name: 'Add Employer' }).click();
    await expect(page.getByRole('dialog', { name: 'Add New Employer' })).toBeVisible();
    await checkA11y(page, `add dialog ${theme}`);
    await page.keyboard.press('Escape');
    for (const [action, name] of [
      ['Edit', 'Edit Employer Details'],
      ['Change Colours', 'Change Colours'],
      ['Rate history', 'Rate history'],
    ] as const) {
      await openAction(page, 'Contrast Check', action);
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await checkA11y(page, `${name} ${theme}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await openAction(page, 'Contrast Check', 'Delete');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await checkA11y(page, `delete ${theme}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
});

test('on a 375 px phone the cards stack and the dialog fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'First Place', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Second Place', hourlyRate: '25' });
  await page.goto('/employers');
  const first = await card(page, 'First Place').boundingBox();
  const second = await card(page, 'Second Place').boundingBox();
  expect(first && second).toBeTruthy();
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.x + first!.width).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await checkA11y(page, 'employers at 375 px');

  await page.getByRole('button', { name: 'Add Employer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeLessThanOrEqual(740);
  // The save button is reachable by scrolling inside the dialog.
  await dialog.getByRole('button', { name: 'Save Employer' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Save Employer' })).toBeInViewport();
  await checkA11y(page, 'add dialog at 375 px');
});

const LONG_NAME = 'Northwind Catering and Events Management Group Limited'; // 54 characters

for (const width of [375, 1280]) {
  test(`a 54-character name is cut short on its card and nothing overflows at ${width} px`, async ({
    page,
  }) => {
    expect(LONG_NAME).toHaveLength(54);
    await page.setViewportSize({ width, height: 800 });
    await signUpThroughApi(page);
    await addEmployerThroughApi(page, { name: LONG_NAME, hourlyRate: '20' });
    await addEmployerThroughApi(page, { name: 'Short', hourlyRate: '20' });
    await page.goto('/employers');
    const long = card(page, LONG_NAME);
    await expect(long).toBeVisible();
    await expect(long.getByRole('heading', { name: LONG_NAME })).toHaveAttribute(
      'title',
      LONG_NAME,
    );

    const fits = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
    const cardBox = (await long.boundingBox())!;
    const menu = page.getByRole('button', { name: `Actions for ${LONG_NAME}` });
    await expect(menu).toBeInViewport();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await page.keyboard.press('Escape');
    await checkA11y(page, `long name at ${width} px`);
  });
}
