import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test: no console errors and no uncaught exceptions; and `checkA11y` for the pages it
 * visits. A 401 from /api/auth/me (signed out) or /api/auth/login (wrong password) is the
 * app working as designed; Chromium still logs it as "Failed to load resource", so exactly
 * those network lines are let through.
 */
const EXPECTED_NETWORK_NOISE = /Failed to load resource: the server responded with a status of 401/;

let ipCounter = 0;

export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test comes from its own client address (the e2e server trusts X-Forwarded-For, as
  // behind a proxy), so the per-IP sign-up and sign-in limits count per test, not per run.
  extraHTTPHeaders: async ({ baseURL }, use) => {
    void baseURL;
    ipCounter++;
    await use({
      'x-forwarded-for': `10.${process.pid % 250}.${ipCounter >> 8}.${ipCounter & 255}`,
    });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_NETWORK_NOISE.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * For a test that causes a failed request on purpose (a refused save, a cut network):
 * Chromium logs it as a console error, so the lines matching `pattern` are let through.
 * Returns how many there were, so the test can check it caused exactly those.
 */
export function allowConsoleErrors(consoleErrors: string[], pattern: RegExp): number {
  const kept = consoleErrors.filter((line) => !pattern.test(line));
  const allowed = consoleErrors.length - kept.length;
  consoleErrors.splice(0, consoleErrors.length, ...kept);
  return allowed;
}

/** Zero serious or critical axe-core violations on the page as it is now. */
export async function checkA11y(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${label}`).toEqual([]);
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;

export const PASSWORD = 'a very private passphrase';

/** Signs up through the form and waits for the dashboard. */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), firstName = 'Robin') {
  await page.goto('/register');
  await page.getByLabel('First name (optional)').fill(firstName);
  await page.getByLabel('Last name (optional)').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return email;
}

/** Signs up through the API (faster) and leaves the browser signed in. */
export async function signUpThroughApi(page: Page, email = uniqueEmail()) {
  const res = await page.request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Robin',
      lastName: 'Tester',
    },
  });
  expect(res.status()).toBe(201);
  return email;
}

type NewEmployer = { name: string; hourlyRate: string } & Record<string, unknown>;

/** Adds an employer for the signed-in browser, straight through the API. */
export async function addEmployerThroughApi(page: Page, body: NewEmployer) {
  const res = await page.request.post('/api/employers', { data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** An employer's card on the employers page, by its full name. */
export const employerCard = (page: Page, name: string) =>
  page.getByRole('article', { name, exact: true });

/** Picks a theme in the top bar and waits until the page shows it. */
export async function switchTheme(page: Page, theme: 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
  await expect(page.locator('html')).toHaveClass(theme === 'Dark' ? /dark/ : /^(?!.*dark)/);
}
