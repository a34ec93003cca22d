// A migrated database and one child process serving the app and the bare baseline; Cleanups undo all.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { connect, type Database } from '../src/server/db/open.ts';
import type { FixtureMessage, ServerMessage } from './protocol.ts';

export interface BenchUser {
  id: number;
  email: string;
  cookie: string;
}

export interface BenchEnv {
  appUrl: string;
  bareUrl: string;
  /** The bench's own connection, for seeding data directly (idle while measuring). */
  database: Database;
  databaseUrl: string;
  databaseMode: 'embedded' | 'external';
  serveBare(path: string, body: string, contentType: string, etag?: string): Promise<void>;
  /** The one user of the run, registered through the API on first use. */
  user(): Promise<BenchUser>;
}

type Cleanup = () => Promise<void> | void;

/** Undo steps, run newest first, once; created before anything starts so Ctrl-C can use it. */
export class Cleanups {
  private readonly steps: Cleanup[] = [];
  private done: Promise<void> | undefined;

  push(step: Cleanup): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => console.error('bench cleanup failed:', error));
      }
    })();
    return this.done;
  }
}

/** Cleanups that also run on Ctrl-C or SIGTERM, then exit 130. */
export function cleanupsOnInterrupt(): Cleanups {
  const cleanups = new Cleanups();
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  };
  // `on`, not `once`: tsx exits at once on a signal when no listener is left.
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return cleanups;
}

async function openBenchDatabase(
  cleanups: Cleanups,
): Promise<{ url: string; mode: BenchEnv['databaseMode'] }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, mode: 'external' };
  const dataDir = mkdtempSync(join(tmpdir(), 'hourbook-bench-'));
  // As root the embedded server runs as `postgres`, which must be able to enter this folder.
  chmodSync(dataDir, 0o755);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const quiet = { info: () => undefined, warn: (m: string) => console.error(m) };
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  cleanups.push(() => embedded.stop());
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  try {
    await admin.query('create database hourbook');
  } finally {
    await admin.end();
  }
  return { url: embedded.url.replace(/\/postgres$/, '/hourbook'), mode: 'embedded' };
}

function startServer(databaseUrl: string, cleanups: Cleanups) {
  const script = fileURLToPath(new URL('./server.ts', import.meta.url));
  const child: ChildProcess = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const ready = new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start in 60 s')), 60_000);
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else if (message.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`bench server failed: ${message.message}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code ?? signal}) before it was ready`));
    });
  });
  let nextId = 0;
  const serveBare = (path: string, body: string, contentType: string, etag?: string) =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      const onMessage = (message: ServerMessage) => {
        if (message.type !== 'fixture-set' || message.id !== id) return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.send({ type: 'fixture', id, path, body, contentType, etag } satisfies FixtureMessage);
    });
  return { ready, serveBare };
}

async function register(appUrl: string): Promise<BenchUser> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery staple';
  const res = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, timeZone: 'UTC' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('sign-up answered without a sid cookie');
  const body = (await res.json()) as { user: { id: number } };
  return { id: body.user.id, email, cookie: sid.split(';')[0] ?? '' };
}

export async function startEnv(cleanups: Cleanups): Promise<BenchEnv> {
  const { url, mode } = await openBenchDatabase(cleanups);
  const database = connect(url, mode);
  cleanups.push(() => database.close());
  await runMigrations(database.pool);
  const server = startServer(url, cleanups);
  const { appPort, barePort } = await server.ready;
  const appUrl = `http://127.0.0.1:${appPort}`;
  let user: Promise<BenchUser> | undefined;
  return {
    appUrl,
    bareUrl: `http://127.0.0.1:${barePort}`,
    database,
    databaseUrl: url,
    databaseMode: mode,
    serveBare: server.serveBare,
    user: () => {
      user ??= register(appUrl);
      return user;
    },
  };
}

/** POSTs JSON as the user, as the app does (same origin); any status from 300 up throws. */
export function postAs(env: BenchEnv, user: BenchUser) {
  return async (path: string, body: object): Promise<{ id: number }> => {
    const res = await fetch(`${env.appUrl}${path}`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        'content-type': 'application/json',
        origin: env.appUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
}
