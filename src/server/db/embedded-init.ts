import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export interface Ids {
  uid: number;
  gid: number;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

const UNFINISHED = 'pg.init-';

function run(file: string, args: string[], ids: Ids | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { ...ids, env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    const keep = (c: Buffer) => {
      output = (output + c.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} failed (${code}): ${output.trim()}`)),
    );
  });
}

/** Writes a secret so that it is only ever readable by us, and on disk before what needs it. */
function writeSecret(file: string, secret: string): void {
  rmSync(file, { force: true });
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, secret);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A killed start's leftovers; its initdb may still run there, so a failure only warns. */
export function removeUnfinishedClusters(dataDir: string, log: Log): void {
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith(UNFINISHED)) continue;
    try {
      rmSync(join(dataDir, name), { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      log.warn(`Could not remove ${join(dataDir, name)}: ${(error as Error).message}`);
    }
  }
}

interface ClusterOptions {
  initdb: string;
  dataDir: string;
  pgDir: string;
  passwordFile: string;
  superuser: string;
  ids: Ids | undefined;
}

async function initdbInto(work: string, password: string, options: ClusterOptions) {
  const { initdb, superuser, ids } = options;
  const pipe = join(work, 'password');
  execFileSync('mkfifo', ['-m', '600', pipe]);
  if (ids) chownSync(pipe, ids.uid, ids.gid);
  // Opened read-write, the pipe opens without waiting for a reader and holds the password
  // until initdb reads it; nothing is written to disk, even when we are killed now.
  const fd = openSync(pipe, 'r+');
  try {
    writeSync(fd, `${password}\n`);
    await run(
      initdb,
      [
        `--pgdata=${join(work, 'data')}`,
        `--username=${superuser}`,
        `--pwfile=${pipe}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      ids,
    );
  } finally {
    closeSync(fd);
  }
}

// docs/decisions/008-embedded-postgres-start-safety.md
export async function createCluster(options: ClusterOptions): Promise<void> {
  const { dataDir, pgDir, passwordFile, ids } = options;
  const work = join(dataDir, `${UNFINISHED}${randomBytes(6).toString('hex')}`);
  mkdirSync(work, { mode: 0o700 });
  try {
    if (ids) chownSync(work, ids.uid, ids.gid);
    const password = randomBytes(24).toString('base64url');
    await initdbInto(work, password, options);
    writeSecret(passwordFile, password);
    rmSync(pgDir, { recursive: true, force: true });
    renameSync(join(work, 'data'), pgDir);
    fsyncDir(dataDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
