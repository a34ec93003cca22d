import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths.ts';

/**
 * The server as `npm start` runs it, on its own embedded PostgreSQL: started, killed with -9,
 * started again; a second server on the same DATA_DIR is refused.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'hourbook-main-'));
chmodSync(dataDir, 0o755); // as root, the embedded server runs as `postgres` and must reach it
const children: ChildProcess[] = [];

afterAll(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): {
  child: ChildProcess;
  ready: Promise<string>;
  exited: Promise<number | null>;
  output: () => string;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/main.ts')],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ready at (http:\/\/[\d.:]+)/);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, ready, exited, output: () => output };
}

const json = { 'content-type': 'application/json' };
const account = {
  email: 'durable@example.com',
  password: 'a durable secret',
  confirmPassword: 'a durable secret',
};

describe('the server on its embedded database', () => {
  it('survives kill -9 with its data, and refuses a second server on the same DATA_DIR', async () => {
    const first = startServer();
    const url = await first.ready;
    expect((await fetch(`${url}/api/health`).then((r) => r.json())).database).toBe('embedded');
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data folder/);

    first.child.kill('SIGKILL');
    await first.exited;

    const third = startServer();
    const again = await third.ready;
    const login = await fetch(`${again}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(third.output()).toMatch(/shutting down/);
  }, 90_000);
});
