import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
// CI collects machine-readable results for its closing summary line (scripts/test-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;

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
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
    ],
  },
});
