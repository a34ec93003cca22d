import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export interface DirLock {
  release(): void;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** An open descriptor on the lock file proves the holder; a pid alone may be reused after kill -9. */
function holdsOpen(pid: number, lock: Stats): boolean {
  // Without /proc the pid is all we have; our own pid there is a previous life's (containers).
  if (!existsSync('/proc/self/fd')) return pid !== process.pid && isAlive(pid);
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch (error) {
    if (errno(error) !== 'EACCES' && errno(error) !== 'EPERM') return false; // gone
    // Another user's process, which we may not look into. The holder created the file, so a
    // process of another user than the file's owner cannot be it; otherwise, in doubt, it is.
    try {
      return statSync(`/proc/${pid}`).uid === lock.uid;
    } catch {
      return false;
    }
  }
  return fds.some((fd) => {
    try {
      const open = statSync(`/proc/${pid}/fd/${fd}`);
      return open.ino === lock.ino && open.dev === lock.dev;
    } catch {
      return false;
    }
  });
}

function create(file: string): number {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    // Only the pid: `npm run admin` reads it.
    writeSync(fd, String(process.pid));
    linkSync(temp, file); // atomic, and fails when the file exists: readers never see it half-written
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

// Unless another server replaced it since we looked.
function removeStale(file: string, stale: Stats): void {
  const aside = `${file}.stale-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (statSync(aside).ino !== stale.ino) linkSync(aside, file); // theirs: put it back
  } finally {
    rmSync(aside, { force: true });
  }
}

/** One server per DATA_DIR; a `server.pid` no live process holds open is stale and taken over. */
export function acquireDirLock(dataDir: string): DirLock {
  const file = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = create(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (statSync(file).ino === fstatSync(fd).ino) rmSync(file, { force: true });
          } catch {
            /* already gone */
          }
          closeSync(fd);
        },
      };
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw error;
    }
    let stale: Stats;
    let pid: number;
    try {
      const fd = openSync(file, 'r');
      try {
        stale = fstatSync(fd);
        pid = Number(readFileSync(fd, 'utf8').trim());
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if (errno(error) === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    if (Number.isInteger(pid) && pid > 0 && holdsOpen(pid, stale)) {
      throw new Error(
        `Another Hourbook server (pid ${pid}) is already using the data folder ${dataDir}. ` +
          'Stop that server first, or set DATA_DIR to another folder.',
      );
    }
    removeStale(file, stale);
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

export function runningServerPid(dataDir: string): number | null {
  try {
    const file = join(dataDir, 'server.pid');
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && holdsOpen(pid, statSync(file)) ? pid : null;
  } catch {
    return null;
  }
}
