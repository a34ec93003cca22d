// `npm run test:e2e`: build, then run Playwright against the real server on a fresh DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startE2eGmail } from './e2e-gmail.mjs';
import { startE2eNotion } from './e2e-notion.mjs';
import { startE2eSmtp } from './e2e-smtp.mjs';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromium) {
  console.error(
    'No Chromium found: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', '-s', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'hourbook-e2e-'));
chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must reach it
const smtp = await startE2eSmtp(join(dataDir, 'smtp-inbox'));
const gmail = await startE2eGmail(join(dataDir, 'gmail-sent'));
const notion = await startE2eNotion();
const playwright = spawn(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_DATA_DIR: dataDir,
      E2E_CHROMIUM: chromium,
      E2E_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ...gmail.env,
      ...notion.env,
    },
  },
);
const status = await new Promise((resolve) => playwright.on('close', (code) => resolve(code)));
smtp.close();
await gmail.close();
await notion.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(status ?? 1);
