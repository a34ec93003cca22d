import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { isAlive } from './dir-lock.ts';

interface Log {
  warn(msg: string): void;
}

type Identity = 'ours' | 'other' | 'unknown';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function realpath(path: string | undefined): string | undefined {
  try {
    return path === undefined ? undefined : realpathSync(path);
  } catch {
    return undefined;
  }
}

function effectiveUid(pid: number): number | undefined {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+\d+\s+(\d+)/m);
  return line?.[1] === undefined ? undefined : Number(line[1]);
}

/**
 * A pid read from a file may be any program's after a kill -9, so the kernel is asked; only
 * `cmdline` and `status` are readable for every process, even as root in a container.
 */
function identify(pid: number, dir: string, owner: number): Identity {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    // Its children rename themselves ("postgres: checkpointer") and go when it goes.
    if (basename(argv[0] ?? '') !== 'postgres' || effectiveUid(pid) !== owner) return 'other';
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === dir ? 'ours' : 'other';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'other';
    }
    const d = argv.indexOf('-D');
    return d >= 0 && realpath(argv[d + 1]) === dir ? 'ours' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ESRCH' ? 'other' : 'unknown';
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    /* gone already */
  }
}

/** Call only while holding the DATA_DIR lock: docs/decisions/008-embedded-postgres-start-safety.md. */
export async function stopOrphanPostgres(pgDir: string, log: Log): Promise<void> {
  if (!existsSync('/proc/self/cmdline')) return; // no proof to be had: PostgreSQL decides
  const dir = realpathSync(pgDir);
  const owner = statSync(dir).uid;
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== process.pid);
  const orphans = pids.filter((pid) => identify(pid, dir, owner) === 'ours');
  for (const pid of orphans) {
    log.warn(
      `Stopping PostgreSQL (pid ${pid}) left running by an earlier server that did not stop`,
    );
    signal(pid, 'SIGINT'); // fast shutdown: its WAL is safe, open sessions are cut
  }
  const running = () => orphans.filter((pid) => identify(pid, dir, owner) === 'ours');
  for (let i = 0; i < 300 && running().length > 0; i++) await sleep(100);
  for (const pid of running()) signal(pid, 'SIGKILL');
  for (let i = 0; i < 50 && running().length > 0; i++) await sleep(100);

  const pidFile = join(pgDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  // Only when its pid was reused: for a dead one PostgreSQL's own check is better, as it also
  // makes sure no process of the old server still uses the shared memory.
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && identify(pid, dir, owner) === 'other') {
    rmSync(pidFile, { force: true });
  }
}
