import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { runningServerPid } from './db/dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { connect, type Database, openDatabase } from './db/open.ts';
import { AppError } from './errors.ts';
import { issueTemporaryPassword } from './features/admin/admin.service.ts';
import { setAdmin } from './features/auth/users.repository.ts';
import { listJobsCommand, retryJobCommand } from './jobs/admin-commands.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant EMAIL    make the user with this e-mail an administrator
  revoke EMAIL   take administrator rights away from this user
  reset-password EMAIL
                 print a temporary password for this user (works once, within 30 minutes;
                 they choose a new password when they sign in with it)
  jobs           list dead, due and running jobs (mail, Notion mirror) with their last error
  jobs retry ID  run the dead job ID again, with a new series of attempts`;

type Command =
  | { name: 'grant' | 'revoke' | 'reset-password'; email: string }
  | { name: 'jobs' }
  | { name: 'jobs retry'; id: number };

function parse(args: string[]): Command | undefined {
  const [command, arg, extra] = args;
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

/** DATABASE_URL; else the embedded server of a running Hourbook; else start the embedded one. */
async function database(): Promise<Database> {
  const config = loadConfig();
  if (config.DATABASE_URL) return connect(config.DATABASE_URL, 'external');
  const postmasterPid = join(config.dataDir, 'pg', 'postmaster.pid');
  // A pid alone proves nothing after a kill -9: the lock's holder must be alive and holding it.
  if (runningServerPid(config.dataDir) !== null && existsSync(postmasterPid)) {
    // postmaster.pid: pid, data dir, start time, port, …
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
  await runMigrations(opened.pool);
  return opened;
}

async function main(args: string[]): Promise<number> {
  const command = parse(args);
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const db = await database();
  try {
    if (command.name === 'jobs') return await listJobsCommand(db.db, console);
    if (command.name === 'jobs retry') return await retryJobCommand(db.db, command.id, console);
    const { email } = command;
    if (command.name === 'reset-password') {
      // DESIGN.md §7, deviation 7: for an instance without a mailbox to send it from.
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
