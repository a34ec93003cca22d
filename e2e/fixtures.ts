import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test: no console errors and no uncaught exceptions; and `checkA11y` for the pages it
 * visits. A 401 from /api/auth/me (signed out) or /api/auth/login (wrong password) is the
 * app working as designed; Chromium still logs it as "Failed to load resource", so exactly
 * those network lines are let through.
 */
const EXPECTED_NETWORK_NOISE = /Failed to load resource: the server responded with a status of 401/;

export type ConsoleErrors = {
  /**
   * Declares console errors the test causes on purpose (a refused request, a cut network):
   * Chromium logs each failed request. Lines matching `pattern` are let through, and the test
   * fails unless there were exactly `times` of them (at least one when `times` is not given).
   * Every other console error still fails the test.
   *
   *   test('…', async ({ page, consoleErrors }) => {
   *     consoleErrors.expect(/status of 409 \(Conflict\)/, 1);
   */
  expect(pattern: RegExp, times?: number): void;
};

let ipCounter = 0;

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
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
      const declared: { pattern: RegExp; times: number | undefined }[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_NETWORK_NOISE.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use({ expect: (pattern, times) => void declared.push({ pattern, times }) });
      for (const { pattern, times } of declared) {
        const seen = errors.filter((line) => pattern.test(line)).length;
        const what = `console errors matching ${pattern}`;
        if (times === undefined) expect(seen, what).toBeGreaterThan(0);
        else expect(seen, what).toBe(times);
      }
      const unexpected = errors.filter(
        (line) => !declared.some(({ pattern }) => pattern.test(line)),
      );
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Zero serious or critical axe-core violations on the page as it is now. */
export async function checkA11y(page: Page, label = page.url()) {
  const first = await seriousViolations(page);
  // A toast that starts fading out while axe reads the page is measured half transparent: what
  // a second look, once it has gone, no longer finds was a moment, not the page.
  const bad = first.length === 0 ? first : intersect(first, await seriousViolations(page));
  expect(bad, `axe violations on ${label}`).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured as painted: a toast or dialog still fading in reads as faint text.
  // Wait for the finite animations (not spinners or skeletons, which never end) to finish.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      // A loaded machine can take a while to finish a toast's fade.
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // In the page itself (legacy mode): the default finishes each scan in a new page of its own,
  // which doubled a scan's time; the app has no cross-origin frame to need that.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  // One entry per rule and element, so a second look keeps every element it finds again.
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

/** The violations both looks found, rule by rule and element by element. */
function intersect(first: string[], second: string[]): string[] {
  return first.filter((one) => second.includes(one));
}

let counter = 0;
/**
 * Waits, in the page itself and frame by frame, until the open dialog's submit button reads
 * `label`. Start it before the click: a state shown for a second or two ("Try Again") is then
 * seen however late the test's next step comes on a busy machine.
 */
export function submitReads(page: Page, label: string) {
  return page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('[role="dialog"] button[type="submit"]')].some(
        (button) => button.textContent?.trim() === text,
      ),
    label,
    { polling: 'raf', timeout: 15_000 },
  );
}

/** Like submitReads: waits in the page, frame by frame, until its text holds `text` (a toast). */
export function textAppears(page: Page, text: string) {
  return page.waitForFunction((wanted) => document.body.textContent?.includes(wanted), text, {
    polling: 'raf',
    timeout: 15_000,
  });
}

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
