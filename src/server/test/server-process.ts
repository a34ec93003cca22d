import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

/**
 * The server as `npm start` runs it (src/server/main.ts), as a child process leading its own
 * process group: started on a DATA_DIR (and a DATABASE_URL, when given), killed with -9 alone
 * or with all it started, and everything it left running ended by `stopAllServers` (call it
 * from afterAll, so a failing test leaves nothing behind).
 */
export interface ServerProcess {
  child: ChildProcess;
  dataDir: string;
  /** Whether it runs its own PostgreSQL in DATA_DIR/pg (no DATABASE_URL). */
  embedded: boolean;
  startedAt: number;
  /** Its address, once it logs that it is ready; rejects if it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  /** What it wrote to stdout and stderr (the last 64 kB). */
  output: () => string;
}

const OUTPUT_KEPT = 64 * 1024;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
/**
 * Groups whose leader was killed alone while running its own PostgreSQL: that PostgreSQL runs
 * on, orphaned, until the next server on the same DATA_DIR stops it at its start.
 */
const orphaned = new Map<number, string>();

/** A temporary DATA_DIR, removed by `stopAllServers`. */
export function freshDataDir(prefix = 'hourbook-server-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // as root, the embedded server runs as `postgres` and must reach it
  dataDirs.push(dir);
  return dir;
}

export const isRunning = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null;

/** Starts `node --import tsx src/server/main.ts` on `dataDir`, on any free port. */
export function startServer(
  dataDir: string,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/main.ts')],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: 'info',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // leads its own process group, so a test can kill all it started
    },
  );
  let output = '';
  let address: string | undefined;
  let onReady: (url: string) => void = () => undefined;
  const ready = new Promise<string>((resolve, reject) => {
    onReady = resolve;
    child.once('exit', (code, signal) =>
      reject(new Error(`The server exited (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
  ready.catch(() => undefined);
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
    if (address) return;
    address = output.match(/ready at (http:\/\/[\d.:]+)/)?.[1];
    if (address) onReady(address);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const embedded = !options.databaseUrl;
  const server: ServerProcess = {
    child,
    dataDir,
    embedded,
    startedAt: Date.now(),
    ready,
    exited,
    output: () => output,
  };
  servers.push(server);
  if (embedded) {
    // Once it is ready, it has stopped any PostgreSQL an earlier server left in this DATA_DIR.
    ready.then(
      () => {
        for (const [pid, dir] of orphaned) if (dir === dataDir) orphaned.delete(pid);
      },
      () => undefined,
    );
  }
  return server;
}

/**
 * Kills the server with -9: `server` alone, leaving what it started running (the OOM killer),
 * or `all`, its whole process group (a container stopped, a systemd unit killed).
 */
export async function killServer(server: ServerProcess, whom: 'server' | 'all'): Promise<void> {
  const pid = server.child.pid;
  if (pid === undefined || !isRunning(server.child)) return;
  if (whom === 'server' && server.embedded) orphaned.set(pid, server.dataDir);
  signal(whom === 'all' ? -pid : pid, 'SIGKILL');
  await server.exited;
}

/** SIGTERM, as a service manager stops it; resolves with its exit code. */
export function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Kills every server still running, and what killed ones left running, then removes DATA_DIRs. */
export async function stopAllServers(): Promise<void> {
  const running = servers.filter((s) => isRunning(s.child));
  for (const server of running) await killServer(server, 'all');
  for (const pid of orphaned.keys()) signal(-pid, 'SIGKILL');
  orphaned.clear();
  servers.length = 0;
  for (const dir of dataDirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

function signal(target: number, name: NodeJS.Signals) {
  try {
    process.kill(target, name);
  } catch {
    /* gone already */
  }
}
