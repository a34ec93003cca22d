import { checkA11y, expect, PASSWORD, signUpThroughApi, switchTheme, test } from './fixtures';

test('the dark theme is kept across a reload, with no flash of light', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await checkA11y(page, 'dashboard dark');

  // The class must be set before the body exists, i.e. before anything is painted.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { darkAtLoad: boolean }).darkAtLoad =
        document.documentElement.classList.contains('dark');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtLoad: boolean }).darkAtLoad)).toBe(
    true,
  );
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the system theme follows the operating system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('theme', 'system'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await checkA11y(page, 'landing dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('the theme picked is kept with the account and comes back at the next sign-in', async ({
  page,
  browser,
}) => {
  const email = await signUpThroughApi(page);
  await page.goto('/');
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/settings/theme') && res.request().method() === 'PATCH',
  );
  await switchTheme(page, 'Dark');
  expect((await saved).status()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Another browser: nothing in its storage, so it starts light.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).not.toHaveClass(/dark/);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(other.locator('html')).toHaveClass(/dark/);
  expect(await other.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await fresh.close();
});
