import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { acquireDirLock, type DirLock } from './dir-lock.ts';
import { createCluster, type Ids, removeUnfinishedClusters } from './embedded-init.ts';
import { stopOrphanPostgres } from './embedded-process.ts';

/** We drive initdb and postgres ourselves: docs/decisions/002-embedded-postgres.md. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

const SUPERUSER = 'hourbook';

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${platform()}-${arch()} (${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server (13 or newer) instead.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`. */
function runAsIds(): Ids | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  for (const user of ['postgres', 'hourbook-pg']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      /* try the next one */
    }
  }
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'hourbook-pg']);
  return runAsIds();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function checkReachable(dir: string, ids: { uid: number } | undefined): void {
  if (!ids) return;
  // The postgres user must be able to walk down to DATA_DIR.
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    try {
      accessSync(d, constants.X_OK);
    } catch {
      break;
    }
    const mode = execFileSync('stat', ['-c', '%a', d], { encoding: 'utf8' }).trim();
    if ((Number.parseInt(mode, 8) & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the system user "postgres" (the app runs as root), which cannot enter ${d}. ` +
          'Set DATA_DIR to a folder it can reach, run the app as an ordinary user, or set DATABASE_URL.',
      );
    }
  }
}

async function waitUntilReady(url: string, child: ChildProcess, getOutput: () => string) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      throw new Error(`PostgreSQL exited while starting: ${getOutput().trim().slice(-2000)}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not become ready: ${getOutput().trim().slice(-2000)}`);
}

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const lock: DirLock = acquireDirLock(dataDir);
  try {
    const { initdb, postgres } = await binaries();
    const ids = runAsIds();
    const pgDir = join(dataDir, 'pg');
    const passwordFile = join(dataDir, 'pg-password');
    checkReachable(pgDir, ids);

    removeUnfinishedClusters(dataDir, log);
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      log.info(`Creating the embedded PostgreSQL database in ${pgDir}`);
      await createCluster({ initdb, dataDir, pgDir, passwordFile, superuser: SUPERUSER, ids });
    }
    chmodSync(passwordFile, 0o600);
    const password = readFileSync(passwordFile, 'utf8').trim();

    await stopOrphanPostgres(pgDir, log);
    const port = await freePort();
    let output = '';
    const child = spawn(
      postgres,
      [
        '-D',
        realpathSync(pgDir), // absolute, so a later start can tell this process is ours
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=100',
      ],
      { ...ids, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (c: Buffer) => {
      output = (output + c.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    await waitUntilReady(url, child, () => output);
    log.info(`Embedded PostgreSQL is running on 127.0.0.1:${port} (data in ${pgDir})`);

    let stopped: Promise<void> | undefined;
    return {
      url,
      stop() {
        stopped ??= new Promise<void>((resolve) => {
          const done = () => {
            lock.release();
            resolve();
          };
          if (child.exitCode !== null) return done();
          child.once('exit', done);
          child.kill('SIGINT');
        });
        return stopped;
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
