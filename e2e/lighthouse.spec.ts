import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedDashboardUser } from './dashboard-user';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures';

/**
 * First loads: the landing, sign-in and sign-up pages arrive as HTML rendered at build time
 * (docs/decisions/020-prerendered-entry-pages.md), and Lighthouse, with its default mobile
 * emulation and throttling, scores the landing page, the sign-in page and a dashboard with
 * data. Scores go to the test output, and to the JSON file named by LIGHTHOUSE_REPORT if set.
 */

test.describe('pages rendered at build time', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, link] of [
    ['/', 'Track every shift, across all your jobs', 'Get Started'],
    ['/login', 'Welcome back', 'Sign up'],
    ['/register', 'Create your account', 'Sign in'],
  ] as const) {
    test(`${path} shows its content without JavaScript`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
    });
  }

  test('the sign-in form waits for the page script instead of sending itself', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expect(page.getByLabel('Email')).toBeDisabled();
  });

  test('each page has its own title and description', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · Hourbook');
    await page.goto('/register');
    await expect(page).toHaveTitle('Create your account · Hourbook');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /free Hourbook account/,
    );
  });
});

/** The HTML the server sends for a path, and whether it is one rendered at build time. */
async function htmlAt(request: APIRequestContext, path: string, cookie?: string) {
  const res = await request.get(path, cookie ? { headers: { cookie } } : {});
  expect(res.status()).toBe(200);
  return (await res.text()).match(/data-prerendered="(\w+)"/)?.[1] ?? 'shell';
}

test('the server sends a rendered page only to a browser without a session', async ({
  request,
}) => {
  expect(await htmlAt(request, '/')).toBe('landing');
  expect(await htmlAt(request, '/LOGIN/')).toBe('login');
  expect(await htmlAt(request, '/login?next=%2Femployers')).toBe('login');
  expect(await htmlAt(request, '/register')).toBe('register');
  expect(await htmlAt(request, '/work-logs')).toBe('shell');
  expect(await htmlAt(request, '/no/such/page')).toBe('shell');
  expect(await htmlAt(request, '/', 'sid=any')).toBe('shell');
  expect(await htmlAt(request, '/login', 'sid=any')).toBe('shell');
});

test("a session's page gets a shell that asks for the session first and preloads that page's code", async ({
  request,
}) => {
  const shell = async (path: string, cookie?: string) => {
    const res = await request.get(path, { headers: cookie ? { cookie } : {} });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)];
    return { head, preloads: preloads.map((m) => m[1]) };
  };
  const plain = await shell('/no/such/page', 'sid=any');
  // The session's request is the head's first link, ahead of the module preloads.
  expect(plain.head.indexOf('href="/api/auth/me"')).toBeLessThan(
    plain.head.indexOf('rel="modulepreload"'),
  );
  for (const path of ['/', '/Employers/', '/work-logs', '/work-logs/week', '/calendar', '/pay']) {
    const page = await shell(path, 'sid=any');
    const extra = page.preloads.filter((href) => !plain.preloads.includes(href));
    expect(extra.length, `${path} preloads its page`).toBeGreaterThan(0);
    expect(page.preloads.slice(0, plain.preloads.length)).toEqual(plain.preloads);
  }
  // Without a session cookie a protected page is the sign-in form: the plain shell.
  expect((await shell('/employers')).preloads).toEqual(plain.preloads);
});

test('a rendered sign-in page hydrates, then shows what its address asks for', async ({ page }) => {
  // Rendered without the query string: the note appears once the page runs, with no
  // hydration error (the fixture fails the test on any console error).
  await page.goto('/login?next=%2Femployers&reason=session-ended');
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page).toHaveTitle('Sign in · Hourbook');
});

test('a signed-in user who opens /login gets the app', async ({ page }) => {
  const res = await page.request.post('/api/auth/register', {
    data: { email: uniqueEmail('prerender'), password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status()).toBe(201);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Dashboard · Hourbook');
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
type Scores = Record<Category, number>;

/**
 * The targets, held with Lighthouse's CPU slowdown off: its slow 4G is simulated from the
 * requests the page makes (their bytes, their order, what waits for what), which a busy machine
 * does not change, while the 4x slowdown multiplies every task this machine ran, so a busy
 * machine lowers it (the project's rule: no timed assertion in a test). The score with the
 * slowdown on is measured and printed beside it, not asserted; `npm run bench:lighthouse`
 * measures it (docs/decisions/020-prerendered-entry-pages.md, "The dashboard").
 */
const targets: Scores = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };
/** The dashboard is drawn in the browser after ~180 KB of JavaScript and its API answers. */
const dashboardTargets: Scores = { ...targets, performance: 80 };

/** Up to three runs: a busy machine only ever lowers a score, so the best counts. */
const RUNS = 3;

type Measured = { scores: Scores; metrics: string };

/** Prints a page's scores, and adds them to the LIGHTHOUSE_REPORT file when one is named. */
function record(name: string, held: Scores, runs: Scores[], phone: Measured | null) {
  const entry = {
    ...held,
    performanceRuns: runs.map((run) => run.performance),
    phonePerformance: phone?.scores.performance ?? null,
    phoneMetrics: phone?.metrics ?? null,
  };
  console.log(`Lighthouse (mobile) ${name}: ${JSON.stringify(entry)}`);
  const file = process.env.LIGHTHOUSE_REPORT;
  if (!file) return;
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  report[name] = { ...entry, measuredAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

test.describe('Lighthouse on a phone', () => {
  // One page after another in one worker; a page below target does not skip the others.
  test.describe.configure({ mode: 'default' });
  let chrome: chromeLauncher.LaunchedChrome;

  test.beforeAll(async () => {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
  });

  test.afterAll(() => {
    chrome?.kill();
  });

  /**
   * One Lighthouse run with its defaults (mobile emulation, simulated slow 4G, 4x CPU), or with
   * the given CPU slowdown; null when Lighthouse could not record the load (it then asks to be
   * run again).
   */
  async function audit(
    url: string,
    headers: Record<string, string>,
    cpuSlowdownMultiplier?: number,
  ): Promise<Measured | null> {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      extraHeaders: headers,
      ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories: found, runtimeError, audits, environment } = result.lhr;
    if (runtimeError) {
      console.log(`Lighthouse on ${url} could not measure: ${runtimeError.code}`);
      return null;
    }
    // The simulated metrics, and the machine's speed (Lighthouse's benchmark index: lower when
    // the machine is busy, which lengthens every task Lighthouse then slows down 4x).
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    const metrics = [
      `FCP ${metric('first-contentful-paint')}`,
      `LCP ${metric('largest-contentful-paint')}`,
      `TBT ${metric('total-blocking-time')}`,
      `CLS ${metric('cumulative-layout-shift')}`,
      `SI ${metric('speed-index')}`,
      `benchmark index ${Math.round(environment.benchmarkIndex)}`,
    ].join(', ');
    const scores = Object.fromEntries(
      categories.map((name) => [name, Math.round((found[name]?.score ?? 0) * 100)]),
    ) as Scores;
    return { scores, metrics };
  }

  async function scorePage(
    name: string,
    url: string,
    { headers = {}, goal = targets }: { headers?: Record<string, string>; goal?: Scores } = {},
  ) {
    // Measured as a phone sees it (4x CPU), for the record.
    const phone = await audit(url, headers);
    console.log(
      `  ${name} with the 4x CPU slowdown: ${phone ? `${phone.scores.performance} (${phone.metrics})` : 'not measured'}`,
    );
    // Held to the targets, with the CPU slowdown off.
    const runs: Scores[] = [];
    for (let attempt = 0; attempt < RUNS; attempt++) {
      const measured = await audit(url, headers, 1);
      if (measured) {
        runs.push(measured.scores);
        console.log(
          `  ${name}, run ${attempt + 1} without it: ${measured.scores.performance} (${measured.metrics})`,
        );
      }
      if (measured && measured.scores.performance >= goal.performance) break;
    }
    const best = runs.reduce<Scores | undefined>(
      (a, b) => (a && a.performance >= b.performance ? a : b),
      undefined,
    );
    if (!best) throw new Error(`Lighthouse could not measure ${url} in ${RUNS} attempts`);
    record(name, best, runs, phone);
    for (const category of categories) {
      expect
        .soft(best[category], `${name}: ${category} (runs: ${JSON.stringify(runs)})`)
        .toBeGreaterThanOrEqual(goal[category]);
    }
    // Accessibility, best practices and SEO do not depend on the machine: the phone run's too.
    for (const category of categories.filter((c) => c !== 'performance')) {
      if (!phone) continue;
      expect
        .soft(phone.scores[category], `${name}: ${category} with the 4x CPU slowdown`)
        .toBeGreaterThanOrEqual(goal[category]);
    }
  }

  test('the landing page', async ({ baseURL }) => {
    test.setTimeout(240_000);
    await scorePage('landing', `${baseURL}/`);
  });

  test('the sign-in page', async ({ baseURL }) => {
    test.setTimeout(240_000);
    await scorePage('sign-in', `${baseURL}/login`);
  });

  test('the dashboard of a user with employers and shifts', async ({ baseURL, request }) => {
    test.setTimeout(300_000);
    const res = await request.post('/api/auth/register', {
      data: {
        email: uniqueEmail('lighthouse'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Robin',
        lastName: 'Tester',
      },
    });
    expect(res.status()).toBe(201);
    await seedDashboardUser(async (path, data) => {
      const created = await request.post(path, { data });
      expect(created.status(), path).toBe(201);
      return (await created.json()) as { id: number };
    });
    const { cookies } = await request.storageState();
    const session = cookies.find((cookie) => /^(__Host-)?sid$/.test(cookie.name));
    if (!session) throw new Error('Signing up set no session cookie');
    await scorePage('dashboard', `${baseURL}/`, {
      headers: { Cookie: `${session.name}=${session.value}` },
      goal: dashboardTargets,
    });
  });
});
