import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
// CI collects machine-readable results for its closing summary line (scripts/test-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;

// Page-level tests run in a real Chromium (decision 034); hooks, pure functions and primitives stay in jsdom.
// By file name, not folder, so a test moved to another feature keeps its project.
const browserTests = [
  '**/*-page.test.tsx',
  '**/*-tab.test.tsx',
  '**/app-layout.test.tsx',
  '**/keyboard-shortcuts.test.tsx',
  '**/change-email-dialog.test.tsx',
  '**/email-method-dialog.test.tsx',
  '**/generate-report.test.tsx',
  '**/mail-account-card.test.tsx',
  '**/notion-connect-form.test.tsx',
  '**/notion-connection.test.tsx',
  '**/notion-sync-badge.test.tsx',
  '**/report-form.test.tsx',
  '**/report-preview.test.tsx',
  '**/timesheet-lists.test.tsx',
  '**/work-logs-totals.test.tsx',
  '**/work-log-dialog.test.tsx',
  '**/work-log-dialog-*.test.tsx',
  '**/work-log-save-sync.test.tsx',
  '**/work-logs-notes.test.tsx',
  '**/profile-picture-editor.test.tsx',
  '**/employer-form-dialog.test.tsx',
  '**/compose-email-dialog.test.tsx',
  '**/date-picker-field.test.tsx',
  '**/hours-chart-card.test.tsx',
];

export default defineConfig({
  test: {
    ...(reportDir
      ? {
          reporters: ['default', 'json'],
          outputFile: { json: `${reportDir}/vitest-${process.pid}.json` },
        }
      : {}),
    // Two cores: two workers, each file on its own database.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': clientRoot } },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: browserTests,
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': clientRoot } },
        test: {
          name: 'client-browser',
          include: browserTests.map((glob) => `src/client/${glob}`),
          setupFiles: ['src/client/test/setup-browser.ts'],
          // After the other projects: Chromium beside two jsdom forks oversubscribes two cores.
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: '/usr/bin/chromium' } }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
