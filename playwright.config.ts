import { defineConfig, devices } from '@playwright/test';

// scripts/e2e.mjs builds the app, makes a fresh DATA_DIR and picks the browser, then runs this.
const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = process.env.E2E_CHROMIUM;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // 60 s: on a slow, busy machine a sign-up, a page and an axe scan have taken over 30 s.
  timeout: 60_000,
  // 10 s: on a machine busy with two workers a lazy tab has taken over 7 s to load.
  expect: { timeout: 10_000 },
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /lighthouse\.spec\.ts/,
    },
    // Lighthouse measures time: it runs alone, after every other spec, on a quiet machine
    // (so asking for lighthouse.spec.ts alone runs the other specs first).
    {
      name: 'lighthouse',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /lighthouse\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? './data-e2e',
      DATABASE_URL: '',
      // scripts/e2e.mjs runs a real SMTP server for the run; the specs read what it received.
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      // scripts/e2e-gmail.mjs: a local OAuth server and a fake of Gmail's send endpoint.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([key]) => key.startsWith('GMAIL_')),
      ),
      // scripts/e2e-notion.mjs: the loopback fake of the Notion API.
      ...(process.env.NOTION_API_URL ? { NOTION_API_URL: process.env.NOTION_API_URL } : {}),
      // The administrators of e2e/admin.helpers.ts (rights once their address is confirmed).
      ADMIN_EMAILS: 'admin-e2e@hourbook.test,boss-e2e@hourbook.test',
      // As in production (NODE_ENV unset): links in mail are built from PUBLIC_URL only.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy: each test sends its own X-Forwarded-For (e2e/fixtures.ts).
      TRUST_PROXY: 'true',
    },
  },
});
