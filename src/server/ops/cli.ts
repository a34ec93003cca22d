import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { otherConnections } from '../db/backup-catalog.ts';
import { runningServerPid } from '../db/dir-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { connect, type Database, openDatabase } from '../db/open.ts';
import { AppError } from '../errors.ts';
import { issueTemporaryPassword } from '../features/admin/admin.service.ts';
import { setAdmin } from '../features/auth/users.repository.ts';
import { listJobsCommand, retryJobCommand } from '../jobs/admin-commands.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { resealAll } from './rotate-secret.ts';
import {
  finishRotation,
  planRotation,
  RotationRefusedError,
  stageNewSecret,
} from './rotate-secret-command.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant EMAIL    make the user with this e-mail an administrator
  revoke EMAIL   take administrator rights away from this user
  reset-password EMAIL
                 print a temporary password for this user (works once, within 30 minutes;
                 they choose a new password when they sign in with it)
  jobs           list dead, due and running jobs (mail, Notion mirror) with their last error
  jobs retry ID  run the dead job ID again, with a new series of attempts
  backup FILE    write a backup of the database to FILE (gzip), from one consistent snapshot;
                 the server may keep running. It holds no sessions and not the app secret.
  restore FILE [--force]
                 load a backup into this database, with Hourbook stopped. The database must be
                 empty (a new DATA_DIR or database) or at the backup's migration level; --force
                 replaces the data already there. Everyone signs in again afterwards.
  rotate-secret [--new-secret-file FILE] [--old-secret-file FILE]...
                 with Hourbook stopped, seal every stored token and queued mail again under a
                 new app secret (generated, or read from FILE) and put it in DATA_DIR/app-secret
                 (with APP_SECRET set: say what to set it to). --old-secret-file: also open what
                 is sealed under an earlier secret (e.g. after restoring an older backup).`;

type Command =
  | { name: 'grant' | 'revoke' | 'reset-password'; email: string }
  | { name: 'jobs' }
  | { name: 'jobs retry'; id: number }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string; force: boolean }
  | { name: 'rotate-secret'; newSecretFile: string | undefined; oldSecretFiles: string[] };

function parseRotate(args: string[]): Command | undefined {
  let newSecretFile: string | undefined;
  const oldSecretFiles: string[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const [flag, file] = [args[i], args[i + 1]];
    if (!file || file.startsWith('--')) return undefined;
    if (flag === '--new-secret-file' && newSecretFile === undefined) newSecretFile = file;
    else if (flag === '--old-secret-file') oldSecretFiles.push(file);
    else return undefined;
  }
  return { name: 'rotate-secret', newSecretFile, oldSecretFiles };
}

function parse(args: string[]): Command | undefined {
  const [command, arg, extra] = args;
  if (command === 'backup' && arg && !arg.startsWith('--') && args.length === 2) {
    return { name: 'backup', file: arg };
  }
  if (command === 'restore') {
    const rest = args.slice(1);
    const force = rest.includes('--force');
    const files = rest.filter((a) => a !== '--force');
    if (files.length === 1 && !files[0]?.startsWith('--') && rest.length - files.length <= 1) {
      return { name: 'restore', file: files[0] as string, force };
    }
    return undefined;
  }
  if (command === 'rotate-secret') return parseRotate(args.slice(1));
  if (
    (command === 'grant' || command === 'revoke' || command === 'reset-password') &&
    arg &&
    !extra
  )
    return { name: command, email: arg.trim() };
  if (command === 'jobs' && arg === undefined) return { name: 'jobs' };
  const id = Number(extra);
  if (
    command === 'jobs' &&
    arg === 'retry' &&
    /^\d+$/.test(extra ?? '') &&
    Number.isSafeInteger(id)
  )
    return { name: 'jobs retry', id };
  return undefined;
}

// `alone`: refuse while a server runs (it works with what the command changes); `migrate: false`:
// backup and restore read and set the migration level themselves.
async function database(
  config: Config,
  options: { alone?: boolean; migrate?: boolean } = {},
): Promise<Database> {
  if (config.DATABASE_URL) {
    const external = connect(config.DATABASE_URL, 'external');
    const others = options.alone ? await otherConnections(external.pool) : [];
    if (others.length > 0) {
      await external.close();
      throw new Error(
        `${others.length} other connection(s) are open on this database (${[...new Set(others)].join(', ')}). ` +
          'Stop every Hourbook server and worker first, then run this again.',
      );
    }
    return external;
  }
  const postmasterPid = join(config.dataDir, 'pg', 'postmaster.pid');
  const running = runningServerPid(config.dataDir);
  if (running !== null && options.alone) {
    throw new Error(
      `Hourbook is running (pid ${running}) on the data folder ${config.dataDir}. ` +
        'Stop it first, then run this again.',
    );
  }
  // A pid alone proves nothing after a kill -9: the lock's holder must be alive and holding it.
  if (running !== null && existsSync(postmasterPid)) {
    const port = readFileSync(postmasterPid, 'utf8').split('\n')[3]?.trim();
    if (port) {
      const password = readFileSync(join(config.dataDir, 'pg-password'), 'utf8').trim();
      return connect(
        `postgres://hourbook:${encodeURIComponent(password)}@127.0.0.1:${port}/hourbook`,
        'embedded',
      );
    }
  }
  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m) };
  const opened = await openDatabase({ dataDir: config.dataDir }, quiet);
  if (options.migrate !== false) await runMigrations(opened.pool);
  return opened;
}

async function rotateSecret(
  config: Config,
  options: { newSecretFile: string | undefined; oldSecretFiles: string[] },
): Promise<number> {
  const plan = planRotation(config, options);
  const db = await database(config, { alone: true });
  try {
    const staged = await stageNewSecret(plan);
    if (staged.resumed) console.log(`Finishing the rotation begun earlier (${plan.stagingFile}).`);
    const client = await db.pool.connect();
    let result: Awaited<ReturnType<typeof resealAll>>;
    try {
      result = await resealAll(client, { from: plan.old, to: staged.key });
    } finally {
      client.release();
    }
    for (const line of await finishRotation(plan, staged.key, result)) console.log(line);
    return 0;
  } finally {
    await db.close();
  }
}

async function main(args: string[]): Promise<number> {
  const command = parse(args);
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command.name === 'rotate-secret') {
    return rotateSecret(config, command).catch((error: unknown) => {
      if (!(error instanceof RotationRefusedError)) throw error;
      console.error(error.message);
      return 1;
    });
  }
  const db = await database(config, {
    alone: command.name === 'restore',
    migrate: command.name !== 'backup' && command.name !== 'restore',
  });
  try {
    if (command.name === 'backup') return await backupCommand(db, command.file, config, console);
    if (command.name === 'restore') {
      return await restoreCommand(db, command.file, { force: command.force, config }, console);
    }
    if (command.name === 'jobs') return await listJobsCommand(db.db, console);
    if (command.name === 'jobs retry') return await retryJobCommand(db.db, command.id, console);
    const { email } = command;
    if (command.name === 'reset-password') {
      // docs/product/deviations.md#7-administrators-are-named-by-the-operator
      const issued = await issueTemporaryPassword(
        { db: db.db, now: () => new Date() },
        email.toLowerCase(),
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return undefined;
        throw error;
      });
      if (!issued) {
        console.error(`No user with the e-mail ${email}`);
        return 1;
      }
      console.log(
        `Temporary password for ${issued.userEmail}: ${issued.temporaryPassword}\n` +
          `It works once, until ${issued.expiresAt}. Signing in with it asks for a new password; ` +
          'their current password keeps working until then.',
      );
      return 0;
    }
    const found = await setAdmin(db.db, email, command.name === 'grant');
    if (!found) {
      console.error(`No user with the e-mail ${email}`);
      return 1;
    }
    console.log(
      command.name === 'grant'
        ? `${email} is now an administrator`
        : `${email} is no longer an administrator`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
