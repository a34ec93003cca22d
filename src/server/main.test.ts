import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshDataDir,
  isRunning,
  killServer,
  type ServerProcess,
  startServer,
  stopAllServers,
  stopServer,
} from './test/server-process.ts';

/**
 * The server as `npm start` runs it, on its own embedded PostgreSQL: started, killed with -9 at
 * any moment, started again; a second server on the same DATA_DIR is refused; pids left in stale
 * lock files, now another program's, neither block it nor get signalled.
 */
const unrelated: ChildProcess[] = [];

afterAll(async () => {
  await stopAllServers();
  for (const child of unrelated) if (isRunning(child)) child.kill('SIGKILL');
});

/** A long-running program that has nothing to do with Hourbook. */
function unrelatedProcess(): ChildProcess {
  const child = spawn('sleep', ['120'], { stdio: 'ignore', detached: true });
  unrelated.push(child);
  return child;
}

/** Whether `file` was written by this start (an earlier, killed one may have left it). */
function writtenBy(server: ServerProcess, file: string): boolean {
  try {
    return statSync(file).mtimeMs >= server.startedAt;
  } catch {
    return false;
  }
}

/**
 * When to kill a start, and whom: `all`, the server with its initdb and PostgreSQL (a container
 * stopped, a systemd unit killed), or only the `server`, leaving them running (the OOM killer).
 */
type Moment = [
  what: string,
  when: (server: ServerProcess) => boolean | Promise<boolean>,
  whom: 'all' | 'server',
];

/** Starts the server and kills it with -9 at `moment`; fails if it got ready or died first. */
async function killAt(dataDir: string, [what, when, whom]: Moment) {
  const server = startServer(dataDir);
  const deadline = Date.now() + 60_000;
  while (isRunning(server.child)) {
    if (await when(server)) {
      await killServer(server, whom);
      return;
    }
    if (/ready at/.test(server.output()) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`The server was not killed when ${what}:\n${server.output()}`);
}

const json = { 'content-type': 'application/json' };
const account = {
  email: 'durable@example.com',
  password: 'a durable secret',
  confirmPassword: 'a durable secret',
};
const register = (url: string) =>
  fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  });
const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });

/** SIGTERM, as a service manager stops it: a clean exit. */
async function stop(server: ServerProcess) {
  expect(await stopServer(server)).toBe(0);
}

describe('the server on its embedded database', () => {
  it('survives kill -9 with its data, and refuses a second server on the same DATA_DIR', async () => {
    const dataDir = freshDataDir();
    const first = startServer(dataDir);
    const url = await first.ready;
    expect((await fetch(`${url}/api/health`).then((r) => r.json())).database).toBe('embedded');
    expect((await register(url)).status).toBe(201);

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using the data folder/);

    await killServer(first, 'server');
    await first.exited;

    const third = startServer(dataDir);
    expect((await login(await third.ready)).status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(third.output()).toMatch(/shutting down/);
  }, 90_000);

  it('starts, and signals no one, when the pid in a stale postmaster.pid is now another program', async () => {
    const dataDir = freshDataDir();
    await stop(await readyServer(dataDir));
    const bystander = unrelatedProcess();
    const pgDir = join(dataDir, 'pg');
    // As PostgreSQL leaves it when killed: pid, data folder, start time, port, socket, host, shm key.
    const pidFile = join(pgDir, 'postmaster.pid');
    writeFileSync(
      pidFile,
      `${bystander.pid}\n${pgDir}\n1700000000\n5432\n\n127.0.0.1\n0 0\nready\n`,
    );
    chownSync(pidFile, statSync(pgDir).uid, statSync(pgDir).gid);

    const server = startServer(dataDir);
    expect((await fetch(`${await server.ready}/api/health`)).status).toBe(200);
    expect(isRunning(bystander)).toBe(true);
    await stop(server);
  }, 60_000);

  it('starts when the pid in a stale server.pid is now another program', async () => {
    const dataDir = freshDataDir();
    const bystander = unrelatedProcess();
    writeFileSync(join(dataDir, 'server.pid'), String(bystander.pid));

    const server = startServer(dataDir);
    expect((await fetch(`${await server.ready}/api/health`)).status).toBe(200);
    expect(isRunning(bystander)).toBe(true);
    await stop(server);
  }, 60_000);

  it('comes up healthy, and keeps its data, after being killed at any moment of its first start', async () => {
    const dataDir = freshDataDir();
    let leftovers = new Set<string>();
    // The folder this start creates the cluster in: the final one, or a temporary one beside it
    // (not one a killed start left, where its initdb may still be at work).
    const creating = async (...path: string[]) => {
      const names = (await readdir(dataDir)).filter(
        (n) => n === 'pg' || (n.startsWith('pg.') && !leftovers.has(n)),
      );
      return names.some(
        (n) =>
          existsSync(join(dataDir, n, ...path)) || existsSync(join(dataDir, n, 'data', ...path)),
      );
    };
    const moments: Moment[] = [
      ['the cluster folder exists', () => creating(), 'all'],
      ['initdb wrote PG_VERSION', () => creating('PG_VERSION'), 'all'],
      ['initdb is bootstrapping', () => creating('global', 'pg_control'), 'server'],
      ['initdb created the databases', () => creating('base', '5'), 'all'],
      ['PostgreSQL is starting', (s) => writtenBy(s, postmasterPid(dataDir)), 'server'],
    ];
    const inTmpBefore = new Set(readdirSync(tmpdir()));
    for (const moment of moments) {
      leftovers = new Set(await readdir(dataDir));
      await killAt(dataDir, moment);
    }

    await expectHealthyWithDurableData(dataDir);
    const newInTmp = readdirSync(tmpdir()).filter((n) => !inTmpBefore.has(n));
    const besidePg = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter(
      (n) => n !== 'pg-password' && !n.startsWith('pg/'),
    );
    expect([
      ...holdingAPassword(newInTmp.map((n) => join(tmpdir(), n))),
      ...holdingAPassword(besidePg.map((n) => join(dataDir, n))),
    ]).toEqual([]);
  }, 120_000);

  it('comes up healthy, and keeps its data, after being killed at any moment of a later start', async () => {
    const dataDir = freshDataDir();
    const first = await readyServer(dataDir);
    expect((await register(await first.ready)).status).toBe(201);
    await stop(first);

    const moments: Moment[] = [
      ['it took the data folder', (s) => writtenBy(s, join(dataDir, 'server.pid')), 'server'],
      ['PostgreSQL is starting', (s) => writtenBy(s, postmasterPid(dataDir)), 'all'],
      ['PostgreSQL is starting', (s) => writtenBy(s, postmasterPid(dataDir)), 'server'],
      ['PostgreSQL is running', (s) => /Embedded PostgreSQL is running/.test(s.output()), 'all'],
    ];
    for (const moment of moments) await killAt(dataDir, moment);

    const server = startServer(dataDir);
    expect((await login(await server.ready)).status).toBe(200);
    await stop(server);
  }, 120_000);
});

async function readyServer(dataDir: string): Promise<ServerProcess> {
  const server = startServer(dataDir);
  await server.ready;
  return server;
}

const postmasterPid = (dataDir: string) => join(dataDir, 'pg', 'postmaster.pid');

/** Files holding what looks like a superuser password: 24 random bytes in base64url. */
function holdingAPassword(files: string[]): string[] {
  return files.filter((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() && stat.size <= 33 && /^[\w-]{32}\n?$/.test(readFileSync(file, 'utf8'));
  });
}

/** Starts, writes, is killed, starts again: what was written is there. */
async function expectHealthyWithDurableData(dataDir: string) {
  const second = startServer(dataDir);
  const url = await second.ready;
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  expect((await register(url)).status).toBe(201);
  await killServer(second, 'all');
  await second.exited;

  const third = startServer(dataDir);
  expect((await login(await third.ready)).status).toBe(200);
  await stop(third);
}
