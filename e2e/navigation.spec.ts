import { checkA11y, expect, signUpThroughApi, test } from './fixtures';

test('a protected route shows the sign-in form to a signed-out visitor', async ({ page }) => {
  for (const path of ['/employers', '/work-logs', '/calendar', '/timesheet-reports', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password' })).toBeVisible();
  }
  await checkA11y(page, 'protected route signed out');
});

test('paths match whatever their case', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/EMPLOYERS');
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await page.goto('/Work-Logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Work Logs' })).toBeVisible();
});

test('an unknown path shows the 404 screen, signed out and signed in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await checkA11y(page, '404 signed out');
  await signUpThroughApi(page);
  await page.goto('/nothing-here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await checkA11y(page, '404 signed in');
});

test('the sidebar reaches every page and remembers being collapsed', async ({ page }) => {
  // Seven pages, each loaded for the first time and checked, then a reload: more than the default
  // 30 s allows on a busy two-core machine (90 s since the calendar joined the six).
  test.setTimeout(90_000);
  await signUpThroughApi(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, heading] of [
    ['Employers', 'Employers'],
    ['Work Logs', 'Work Logs'],
    ['Calendar', 'Calendar'],
    ['Timesheet Reports', 'Timesheet Reports'],
    ['Settings', 'Settings'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await checkA11y(page, name);
  }
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('true');
  await checkA11y(page, 'collapsed sidebar');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is an overlay opened from the top bar and closed by its backdrop', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open sidebar' });
    await expect(open).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await open.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await checkA11y(page, 'mobile overlay');
    await page.mouse.click(360, 400); // the backdrop, right of the 256 px sidebar
    await expect(nav).toBeHidden();
    await open.click();
    await nav.getByRole('link', { name: 'Employers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
    await expect(nav).toBeHidden();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(375);
  });

  test('the landing page fits without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await checkA11y(page, 'landing at 375');
  });
});
