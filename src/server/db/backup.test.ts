import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { NOTION_PROPERTIES } from '../../shared/schemas/notion.ts';
import { buildApp } from '../app.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { recordEffect } from '../jobs/run-once.ts';
import { callApi, createTestApp, signUp, TEST_APP_SECRET, type TestContext } from '../test/app.ts';
import { addEmployer, addWorkLog } from '../test/factories.ts';
import {
  connectGmail,
  startTestGmailApi,
  startTestOAuth,
  type TestGmailApi,
  type TestOAuth,
  testGmailConfig,
} from '../test/gmail.ts';
import { startTestNotion, TEST_NOTION_TOKEN, type TestNotion } from '../test/notion.ts';
import { imagePart, MULTIPART_TYPE, makePng, multipartBody } from '../test/profile-images.ts';
import { writeBackup } from './backup.ts';
import {
  migrateUpTo,
  migrationLevel,
  NOT_BACKED_UP,
  shippedMigrations,
  tableDump,
} from './backup-catalog.ts';
import { BackupWriter, BadBackupError, MAGIC } from './backup-format.ts';
import { RestoreRefusedError, restoreBackup } from './backup-restore.ts';
import { connect } from './open.ts';

const ok = async <R extends { statusCode: number; body: string }>(
  what: string,
  response: Promise<R>,
): Promise<R> => {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`${what} refused: ${res.statusCode} ${res.body}`);
  return res;
};

/**
 * Alice: settings, a picture, two employers, shifts (notes with a tab, a newline, a backslash
 * and accents), a PDF and a CSV timesheet, Gmail connected, a timesheet queued to send, Notion
 * connected with a shift waiting to mirror. Bob: Gmail connected then disconnected (the revoke
 * waits in the queue), a Gmail connection begun. Carol: a forgotten password (instance mail
 * queued) and an e-mail change waiting for its link. Plus a finished job with its effect.
 */
async function seedEverything(): Promise<void> {
  const { app } = ctx;
  const alice = await signUp(app, { firstName: 'Alice', lastName: 'Ängström' });
  const bob = await signUp(app, { firstName: 'Bob' });
  const carol = await signUp(app);

  await ok(
    'settings',
    callApi(app, 'PATCH', '/api/settings/general', alice, {
      timeFormat: '24-hour',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    }),
  );
  await ok(
    'picture',
    app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      headers: { 'content-type': MULTIPART_TYPE, cookie: alice.cookie },
      payload: multipartBody([imagePart(await makePng(120, 80))]),
    }),
  );
  const clinic = await addEmployer(app, alice, {
    name: 'Riverside Clinic',
    hourlyRate: '25.50',
    departments: ['Front desk', 'Night "shift"'],
  });
  const cafe = await addEmployer(app, alice, { name: 'Café Zoë', hourlyRate: '14' });
  await addEmployer(app, bob, { name: 'Harbour Books', hourlyRate: '18.75' });
  for (const [day, note] of [
    ['2026-10-05', 'Covered for Sam\tthen\nstayed late'],
    ['2026-10-06', 'Back\\slash and “quotes”'],
    ['2026-10-07', null],
  ] as const) {
    await addWorkLog(app, alice, {
      employerId: clinic.id,
      date: day,
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      ...(note ? { note } : {}),
    });
  }
  await addWorkLog(app, alice, {
    employerId: cafe.id,
    date: '2026-10-08',
    startTime: '22:00',
    endTime: '02:00',
    breakDuration: 0,
  });
  const pdf = await ok(
    'pdf timesheet',
    callApi(app, 'POST', '/api/timesheets/generate', alice, {
      employerId: clinic.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      format: 'pdf',
    }),
  );
  await ok(
    'csv timesheet',
    callApi(app, 'POST', '/api/timesheets/generate', alice, {
      employerId: cafe.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      format: 'csv',
    }),
  );

  await connectGmail(app, alice);
  await ok(
    'gmail send',
    callApi(app, 'POST', '/api/send-email-gmail', alice, {
      timesheetId: pdf.json().timesheet.id,
      to: 'payroll@riverside.test',
      subject: 'Timesheet October',
      body: 'Hello,\n\nmy timesheet is attached.\n\nAlice',
    }),
  );

  const { databaseId } = notion.addDatabase({
    title: 'Shifts',
    properties: Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type])),
  });
  await ok(
    'notion connect',
    callApi(app, 'POST', '/api/notion/connect', alice, {
      token: TEST_NOTION_TOKEN,
      database: databaseId,
    }),
  );
  await addWorkLog(app, alice, {
    employerId: cafe.id,
    date: '2026-10-09',
    startTime: '10:00',
    endTime: '14:00',
    breakDuration: 0,
  });

  await connectGmail(app, bob);
  await ok('gmail disconnect', callApi(app, 'POST', '/api/auth/gmail/revoke', bob));
  await ok('gmail start', callApi(app, 'GET', '/api/auth/gmail', bob));

  await ok(
    'forgot password',
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: carol.email },
      remoteAddress: '10.250.0.1',
    }),
  );
  await ok(
    'change e-mail',
    callApi(app, 'POST', '/api/auth/change-email', carol, {
      newEmail: `new-${carol.email}`,
    }),
  );

  const finished = await enqueueJob(ctx.database.db, { type: 'test.finished', payload: {} });
  await recordEffect(ctx.database.db, finished as number, 'send');
}

/**
 * A database with nothing in it, not even migrations (a new server's). Its pool connects on
 * first use and ends with the test. Named like test/app.ts's, so the run's teardown
 * (test/global-setup.ts) drops it.
 */
async function emptyDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const run = inject('testTemplateDatabase').replace('hb_template_', '');
  const name = `hb_t_${run}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  onTestFinished(async () => {
    if (!pool.ending) await pool.end();
  });
  return { url: url.toString(), pool };
}

let oauth: TestOAuth;
let gmail: TestGmailApi;
let notion: TestNotion;
let ctx: TestContext;
let dir: string;
let file: string;
let source: Map<string, string[]>;

beforeAll(async () => {
  [oauth, gmail, notion] = await Promise.all([
    startTestOAuth(),
    startTestGmailApi(),
    startTestNotion(),
  ]);
  ctx = await createTestApp({ gmail: testGmailConfig(oauth, gmail), notionApiUrl: notion.url });
  await seedEverything();
  dir = mkdtempSync(join(tmpdir(), 'hourbook-backup-'));
  file = join(dir, 'seed.backup');
  await writeBackup(ctx.database.pool, file, 'test');
  source = await tableDump(ctx.database.pool);
});
afterAll(async () => {
  await Promise.all([oauth.close(), gmail.close(), notion.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const without = (dump: Map<string, string[]>, names: readonly string[]) =>
  new Map([...dump].filter(([name]) => !names.includes(name)));

describe('backup and restore', () => {
  it('the seed fills every table, so every table is proven to come back', () => {
    const empty = [...source].filter(([, rows]) => rows.length === 0).map(([name]) => name);
    expect(empty, 'tables the seed (backup-fixture.ts) leaves empty').toEqual([]);
  });

  it('restores into an empty database row for row, without sessions, and ids continue', async () => {
    const target = await emptyDatabase();
    const summary = await restoreBackup(target.pool, file, { force: false });
    expect(summary).toMatchObject({ migrated: false, tables: source.size - NOT_BACKED_UP.length });

    const restored = await tableDump(target.pool);
    expect(without(restored, NOT_BACKED_UP)).toEqual(without(source, NOT_BACKED_UP));
    for (const name of NOT_BACKED_UP) expect(restored.get(name), name).toEqual([]);
    expect(await migrationLevel(target.pool)).toEqual(await migrationLevel(ctx.database.pool));

    const database = connect(target.url, 'external');
    const app = await buildApp({
      database,
      secret: TEST_APP_SECRET,
      version: 'test',
      clientDir: '/nonexistent',
    });
    try {
      const dana = await signUp(app);
      const maxUserId = Math.max(...source.get('users')!.map((r) => JSON.parse(r).id));
      expect(dana.userId).toBeGreaterThan(maxUserId);
      await addEmployer(app, dana, { name: 'After the restore', hourlyRate: '20' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a damaged, cut-off or foreign file with the reason, and changes nothing', async () => {
    const target = await emptyDatabase();
    const bytes = readFileSync(file);
    const plain = gunzipSync(bytes);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    // A row changed inside an intact gzip stream: only the backup's own checksum can tell.
    const edited = Buffer.from(plain);
    const at = edited.indexOf('Riverside Clinic');
    edited.write('Riverside Clinix', at);
    const cases: [string, Buffer, RegExp][] = [
      ['cut.backup', bytes.subarray(0, Math.floor(bytes.length * 0.6)), /cut short/],
      // Whichever check meets a flipped byte first: gzip's, a record's shape, the row counts…
      ['flipped.backup', flipped, /./],
      ['edited.backup', gzipSync(edited), /checksum does not match/],
      ['no-end.backup', gzipSync(plain.subarray(0, plain.length - 69)), /cut short/],
      ['other.backup', gzipSync(Buffer.from('id,name\n1,x\n')), /not an Hourbook backup/],
      ['plain.backup', plain, /damaged/],
      ['tail.backup', gzipSync(Buffer.concat([plain, MAGIC])), /after its end/],
    ];
    for (const [name, content, reason] of cases) {
      writeFileSync(join(dir, name), content);
      const refused = restoreBackup(target.pool, join(dir, name), { force: true });
      await expect(refused, name).rejects.toThrow(BadBackupError);
      await expect(refused, name).rejects.toThrow(reason);
    }
    expect(await migrationLevel(target.pool)).toBeNull();
    await expect(restoreBackup(target.pool, join(dir, 'missing'), { force: true })).rejects.toThrow(
      /no such file/,
    );

    // And over data already there: the same file after a good restore leaves it as it was.
    await restoreBackup(target.pool, file, { force: false });
    const before = await tableDump(target.pool);
    await expect(
      restoreBackup(target.pool, join(dir, 'edited.backup'), { force: true }),
    ).rejects.toThrow(BadBackupError);
    expect(await tableDump(target.pool)).toEqual(before);
  });

  it('replaces data already there only with force, and then signs everyone out', async () => {
    const target = await emptyDatabase();
    await restoreBackup(target.pool, file, { force: false });
    const database = connect(target.url, 'external');
    const app = await buildApp({
      database,
      secret: TEST_APP_SECRET,
      version: 'test',
      clientDir: '/nonexistent',
    });
    try {
      const erin = await signUp(app);
      await expect(restoreBackup(target.pool, file, { force: false })).rejects.toThrow(
        /already holds data \(.*users: \d+.*\).*--force/,
      );
      await restoreBackup(target.pool, file, { force: true });
      const restored = await tableDump(target.pool);
      expect(without(restored, NOT_BACKED_UP)).toEqual(without(source, NOT_BACKED_UP));
      expect(restored.get('sessions')).toEqual([]);
      const me = await app.inject({ url: '/api/auth/me', headers: { cookie: erin.cookie } });
      expect(me.statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('restores an older backup and runs the newer migrations; refuses a newer one', async () => {
    const shipped = shippedMigrations();
    const previous = shipped.at(-2)!;
    const old = await emptyDatabase();
    await migrateUpTo(old.pool, previous.tag);
    expect(await migrationLevel(old.pool)).toMatchObject({ tag: previous.tag });
    await old.pool.query(
      "insert into users (email, password_hash, account_id) values ('old@example.com', 'x', 'acc-old')",
    );
    const oldFile = join(dir, 'old.backup');
    await writeBackup(old.pool, oldFile, 'previous');

    const target = await emptyDatabase();
    expect(await restoreBackup(target.pool, oldFile, { force: false })).toMatchObject({
      migrated: true,
    });
    expect(await migrationLevel(target.pool)).toMatchObject({ tag: shipped.at(-1)!.tag });
    const { rows } = await target.pool.query('select email from users');
    expect(rows).toEqual([{ email: 'old@example.com' }]);

    // Into a database at another level than the backup's: refused, with where to restore instead.
    await expect(restoreBackup(target.pool, oldFile, { force: true })).rejects.toThrow(
      /is at migration .* the backup at migration .*empty database/,
    );

    // A backup whose last migration this version does not have comes from a newer version.
    const plain = gunzipSync(readFileSync(file));
    const headerLength = plain.readUInt32BE(MAGIC.length + 1);
    const headerStart = MAGIC.length + 5;
    const header = JSON.parse(plain.toString('utf8', headerStart, headerStart + headerLength));
    header.migration = { count: 99, when: header.migration.when + 1, tag: '0099_future' };
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (c: Buffer) => chunks.push(c));
    const writer = new BackupWriter(sink);
    await writer.begin({ ...header, tables: [], sequences: [] });
    await writer.finish();
    const newerFile = join(dir, 'newer.backup');
    writeFileSync(newerFile, gzipSync(Buffer.concat(chunks)));
    const fresh = await emptyDatabase();
    const newer = restoreBackup(fresh.pool, newerFile, { force: false });
    await expect(newer).rejects.toThrow(RestoreRefusedError);
    await expect(newer).rejects.toThrow(/made by a newer Hourbook .*Update Hourbook/);
    expect(await migrationLevel(fresh.pool)).toBeNull();
  });

  it('writes a file only it can read and never overwrites one', async () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(writeBackup(ctx.database.pool, file, 'test')).rejects.toThrow(/already exists/);
  });
});
