// Installs a copy with `npm ci`, runs `npm start` on fresh data, then signs up through to a PDF.
// CI runs it on the oldest and the newest Node line the project supports.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.SMOKE_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (what) => console.log(`[smoke ${process.version}] ${what}`);

const copy = mkdtempSync(join(tmpdir(), 'hourbook-smoke-'));
chmodSync(copy, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must reach it
let server;
try {
  // As a fresh clone has it: no node_modules, nothing built, no data.
  for (const name of readdirSync(root)) {
    if (['node_modules', 'dist', 'data', '.git', 'test-results'].includes(name)) continue;
    cpSync(join(root, name), join(copy, name), { recursive: true });
  }
  step('npm ci');
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: copy,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (install.status !== 0) throw new Error(`npm ci exited with ${install.status}`);

  step('npm start');
  const dataDir = join(copy, 'data');
  server = spawn(npm, ['start'], {
    cwd: copy,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((_, reject) =>
    server.on('exit', (code) => reject(new Error(`npm start exited with ${code}`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) throw new Error('the server did not come up within 180 s');
    await Promise.race([new Promise((r) => setTimeout(r, 500)), exited]);
  }

  let cookie = '';
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  step('sign up, add an employer, log a shift');
  const password = 'a smoke test of many words';
  await call('POST', '/api/auth/register', {
    email: 'smoke@example.com',
    password,
    confirmPassword: password,
    firstName: 'Sam',
    lastName: 'Smoke',
  });
  const employer = await (
    await call('POST', '/api/employers', { name: 'Smoke Café', hourlyRate: '31.00' })
  ).json();
  await call('POST', '/api/work-logs', {
    employerId: employer.id,
    date: '2026-01-05',
    startTime: '09:00',
    endTime: '17:15',
    breakDuration: 30,
  });
  step('generate and download a PDF timesheet');
  const generated = await (
    await call('POST', '/api/timesheets/generate', {
      employerId: employer.id,
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      format: 'pdf',
    })
  ).json();
  const pdf = Buffer.from(
    await (await call('GET', `/api/timesheets/${generated.timesheet.id}/download`)).arrayBuffer(),
  );
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the download is not a PDF');
  step(`ok: a ${pdf.length}-byte PDF`);
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    await new Promise((r) => (server.exitCode === null ? server.on('exit', r) : r()));
  }
  rmSync(copy, { recursive: true, force: true });
}
