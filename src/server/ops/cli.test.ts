import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { writeBackup } from '../db/backup.ts';
import { tableDump } from '../db/backup-catalog.ts';
import { readBackup } from '../db/backup-format.ts';
import { acquireDirLock } from '../db/dir-lock.ts';
import { jobs } from '../db/schema/index.ts';
import { TOKEN_PURPOSE as NOTION_TOKEN } from '../features/notion/notion.service.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { loadAppSecret } from '../lib/app-secret.ts';
import { keyId, seal, unseal } from '../lib/seal.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { projectRoot } from '../paths.ts';
import { createTestApp, signUp, TEST_APP_SECRET, type TestContext } from '../test/app.ts';
import { emptyDatabase } from '../test/databases.ts';
import { addEmployer } from '../test/factories.ts';
import { resealAll } from './rotate-secret.ts';

const run = promisify(execFile);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

/** Runs the CLI with this environment on top of the test's own (APP_SECRET and DATABASE_URL removed). */
const adminWith = (env: Record<string, string>, ...args: string[]) => {
  const { APP_SECRET: _secret, DATABASE_URL: _url, ...inherited } = process.env;
  return run(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/ops/cli.ts'), ...args],
    {
      env: { ...inherited, ...env },
    },
  ).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout + e.stderr,
    }),
  );
};
const admin = (...args: string[]) => adminWith({ DATABASE_URL: ctx.databaseUrl }, ...args);

const adminStatus = async (cookie: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/auth/admin-status', headers: { cookie } })
  ).json();

describe('npm run admin', () => {
  it('grants and revokes administrator rights by e-mail', async () => {
    const { cookie, email } = await signUp(ctx.app);
    expect(await admin('grant', email.toUpperCase())).toMatchObject({ code: 0 });
    // No mailed link needed: the grant is the operator's word.
    expect(await adminStatus(cookie)).toEqual({ isAdmin: true, awaitsEmailConfirmation: false });
    expect(await admin('revoke', email)).toMatchObject({ code: 0 });
    expect(await adminStatus(cookie)).toEqual({ isAdmin: false, awaitsEmailConfirmation: false });
  }, 30_000);

  it('says so when no user has the e-mail', async () => {
    const result = await admin('grant', 'ghost@example.com');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/No user with the e-mail ghost@example.com/);
  }, 30_000);

  it('reset-password prints a temporary password that asks for a new one at sign-in', async () => {
    const { email } = await signUp(ctx.app, { password: 'my own password 1' });
    const result = await admin('reset-password', email.toUpperCase());
    expect(result.code).toBe(0);
    const temporary = /Temporary password for \S+: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(
      result.out,
    )?.[1];
    expect(temporary).toBeDefined();
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.200.0.9',
        payload: { email, password },
      });
    const withTemporary = await login(temporary as string);
    expect(withTemporary.statusCode).toBe(403);
    expect(withTemporary.json().code).toBe('password_change_required');
    expect((await login('my own password 1')).statusCode).toBe(200);
    const missing = await admin('reset-password', 'ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/No user with the e-mail ghost@example.com/);
  }, 30_000);

  it('prints its usage for an unknown command', async () => {
    const result = await admin('frobnicate');
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/Usage: npm run admin/);
  }, 30_000);
});

describe('npm run admin -- jobs', () => {
  it('lists a dead job with its last error, and retry queues it to run again', async () => {
    const { db } = ctx.database;
    // A payload the worker would refuse: this test only lists and requeues the row.
    const payload = { to: 'x@example.com' } as Record<string, unknown>;
    const id = (await enqueueJob(db, { type: 'mail.send' as string, payload }))!;
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: 25, lastError: 'Error: 554 mailbox unavailable' })
      .where(eq(jobs.id, id));

    const [listed, missing] = await Promise.all([admin('jobs'), admin('jobs', 'retry', '999999')]);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/ID\s+TYPE\s+STATE\s+ATTEMPTS\s+RUN AT\s+LAST ERROR/);
    expect(listed.out).toMatch(
      new RegExp(
        `\\b${id}\\s+mail\\.send\\s+dead\\s+25/25\\s+\\S+Z\\s+Error: 554 mailbox unavailable`,
      ),
    );
    expect(listed.out).toContain('npm run admin -- jobs retry ID');
    expect(listed.out).not.toContain('x@example.com');
    expect(missing).toMatchObject({
      code: 1,
      out: expect.stringContaining('No job with the id 999999'),
    });

    const retried = await admin('jobs', 'retry', String(id));
    expect(retried).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Job ${id} is queued to run again`),
    });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 25,
      maxAttempts: 50,
      finishedAt: null,
    });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    const again = await admin('jobs', 'retry', String(id));
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining(`Job ${id} is not dead`) });
  }, 30_000);
});

describe('npm run admin -- backup, restore and rotate-secret', () => {
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hourbook-cli-'));
    chmodSync(dir, 0o755); // the embedded server runs as the postgres user when tests run as root
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('lists the commands, and answers a command without its file with the usage', async () => {
    const usage = await admin('restore');
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/backup FILE/);
    expect(usage.out).toMatch(/restore FILE \[--force\]/);
    expect(usage.out).toMatch(
      /rotate-secret \[--new-secret-file FILE\] \[--old-secret-file FILE\]/,
    );
    expect((await admin('rotate-secret', '--new-secret-file')).code).toBe(2);
  }, 30_000);

  it('backs up, restores into an empty database, and refuses what would lose data', async () => {
    const alice = await signUp(ctx.app);
    await addEmployer(ctx.app, alice, { name: 'Backed Up Ltd', hourlyRate: '30' });
    // A queued mail sealed under the test app's secret, which the restoring side does not have.
    await enqueueMail(
      ctx.database.db,
      { to: alice.email, subject: 'Queued', text: 'text', html: '<p>html</p>' },
      { enqueue: enqueueJob, secret: TEST_APP_SECRET },
    );
    const dir = dataDir();
    const file = join(dir, 'hourbook.backup');
    const target = await emptyDatabase();
    const on = (url: string, ...args: string[]) =>
      adminWith({ DATABASE_URL: url, DATA_DIR: dir }, ...args);

    const backup = await on(ctx.databaseUrl, 'backup', file);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(
      /Backed up \d+ rows of \d+ tables \(migration \S+\) to \S+: [\d.]+ KB/,
    );
    const restored = await on(target.url, 'restore', file);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/Restored \d+ rows of \d+ tables from .*everyone signs in again/s);
    expect(restored.out).toContain(
      `1 stored token(s) or queued mail(s) are sealed under another secret (key id ${keyId(TEST_APP_SECRET)}) than any set here yet`,
    );

    const again = await on(target.url, 'restore', file);
    expect(again).toMatchObject({ code: 1 });
    expect(again.out).toMatch(/already holds data .*--force\. Nothing was changed\./);
    const cut = join(dir, 'cut.backup');
    writeFileSync(cut, readFileSync(file).subarray(0, 300));
    expect(await on(target.url, 'restore', cut, '--force')).toMatchObject({
      code: 1,
      out: expect.stringContaining(
        `${cut} cannot be restored: it is cut short. Nothing was changed.`,
      ),
    });

    const source = await tableDump(ctx.database.pool);
    const copy = await tableDump(target.pool);
    expect(copy.get('employers')).toEqual(source.get('employers'));
    expect(copy.get('users')).toEqual(source.get('users'));
    // The test holds a connection now: a restore would pull the data from under it.
    const busy = await on(target.url, 'restore', file, '--force');
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/other connection\(s\) are open .*Stop every Hourbook server/);
  }, 60_000);

  it('rotate-secret seals everything again, finishes after a crash, and says what to set', async () => {
    const target = await emptyDatabase({ migrated: true });
    const dir = dataDir();
    const first = 'the first secret of this installation, 40+ chars';
    writeFileSync(join(dir, 'app-secret'), `${first}\n`);
    const key = (text: string) => loadAppSecret(text, dir, { info: () => undefined });
    const {
      rows: [user],
    } = await target.pool.query<{ id: number }>(
      "insert into users (email, password_hash, account_id) values ('r@example.com', 'x', 'a') returning id",
    );
    await target.pool.query(
      `insert into notion_connections (user_id, token_sealed, database_id, data_source_id, title_property)
       values ($1, $2, 'db', 'ds', 'Name')`,
      [user!.id, seal(key(first), NOTION_TOKEN, 'secret_notion_in_the_clear')],
    );
    await target.pool.end();
    const on = (env: Record<string, string>, ...args: string[]) =>
      adminWith({ DATABASE_URL: target.url, DATA_DIR: dir, ...env }, ...args);
    const census = async () => {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const [row] = (await client.query('select token_sealed from notion_connections')).rows;
        return row.token_sealed as string;
      } finally {
        await client.end();
      }
    };

    const rotated = await on({}, 'rotate-secret');
    expect(rotated.code, rotated.out).toBe(0);
    expect(rotated.out).toMatch(/Sealed 1 value\(s\) again under the new secret .*0 were under it/);
    const second = readFileSync(join(dir, 'app-secret'), 'utf8');
    expect(readFileSync(join(dir, `app-secret.old-${keyId(key(first))}`), 'utf8').trim()).toBe(
      first,
    );
    expect(existsSync(join(dir, 'app-secret.next'))).toBe(false);
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    const sealed = await census();
    expect(unseal(key(second), NOTION_TOKEN, sealed)).toBe('secret_notion_in_the_clear');
    expect(unseal(key(first), NOTION_TOKEN, sealed)).toBeUndefined();

    // A crash after the database changed but before the file moved: the next run finishes.
    const third = 'the third secret, as an unfinished run left it behind';
    writeFileSync(join(dir, 'app-secret.next'), third);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await resealAll(client, { from: [key(second)], to: key(third) });
    await client.end();
    const finished = await on({}, 'rotate-secret');
    expect(finished.code, finished.out).toBe(0);
    expect(finished.out).toMatch(/Finishing the rotation begun earlier/);
    expect(finished.out).toMatch(/Sealed 0 value\(s\) .*1 were under it already/);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8')).toBe(third);
    expect(existsSync(join(dir, 'app-secret.next'))).toBe(false);

    // With APP_SECRET from the environment: the new one waits in a file, to be set by hand.
    const fromEnv = await on({ APP_SECRET: third }, 'rotate-secret');
    expect(fromEnv.code, fromEnv.out).toBe(0);
    expect(fromEnv.out).toMatch(/set it to the contents of \S+app-secret\.next/);
    const fourth = readFileSync(join(dir, 'app-secret.next'), 'utf8');
    expect(unseal(key(fourth), NOTION_TOKEN, await census())).toBe('secret_notion_in_the_clear');
    const done = await on({ APP_SECRET: fourth }, 'rotate-secret');
    expect(done).toMatchObject({ code: 1, out: expect.stringMatching(/the rotation is done/) });
  }, 60_000);

  it('on the embedded database: refuses while Hourbook runs, restores and backs up', async () => {
    const dir = dataDir();
    const file = join(dir, 'from-test.backup');
    await writeBackup(ctx.database.pool, file, 'test');
    const lock = acquireDirLock(dir);
    try {
      const refused = await adminWith({ DATA_DIR: dir }, 'restore', file);
      expect(refused).toMatchObject({ code: 1 });
      expect(refused.out).toMatch(
        new RegExp(
          `Hourbook is running \\(pid ${process.pid}\\) on the data folder .*Stop it first`,
        ),
      );
    } finally {
      lock.release();
    }
    const restored = await adminWith({ DATA_DIR: dir }, 'restore', file);
    expect(restored.code, restored.out).toBe(0);
    const again = join(dir, 'from-embedded.backup');
    expect((await adminWith({ DATA_DIR: dir }, 'backup', again)).code).toBe(0);
    const tables = async (path: string) => {
      const data = new Map<string, string>();
      let table = '';
      for await (const event of readBackup(path)) {
        if (event.type === 'table') table = event.name;
        if (event.type === 'rows') data.set(table, (data.get(table) ?? '') + event.data.toString());
      }
      return data;
    };
    expect(await tables(again)).toEqual(await tables(file));
  }, 90_000);
});
