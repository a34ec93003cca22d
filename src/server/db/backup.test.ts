import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { signUp, TEST_APP_SECRET, type TestContext } from '../test/app.ts';
import { emptyDatabase } from '../test/databases.ts';
import { addEmployer } from '../test/factories.ts';
import { createSeededApp } from '../test/seed.ts';
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

let ctx: TestContext;
let dir: string;
let file: string;
let source: Map<string, string[]>;

beforeAll(async () => {
  ({ ctx } = await createSeededApp());
  dir = mkdtempSync(join(tmpdir(), 'hourbook-backup-'));
  file = join(dir, 'seed.backup');
  await writeBackup(ctx.database.pool, file, 'test');
  source = await tableDump(ctx.database.pool);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An app on another database, as a server started on it would be, for the length of `use`. */
async function withAppOn(url: string, use: (app: App) => Promise<void>): Promise<void> {
  const database = connect(url, 'external');
  const app = await buildApp({
    database,
    secret: TEST_APP_SECRET,
    version: 'test',
    clientDir: '/nonexistent',
  });
  try {
    await use(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const without = (dump: Map<string, string[]>, names: readonly string[]) =>
  new Map([...dump].filter(([name]) => !names.includes(name)));

describe('backup and restore', () => {
  it('the seed fills every table, so every table is proven to come back', () => {
    const empty = [...source].filter(([, rows]) => rows.length === 0).map(([name]) => name);
    expect(empty, 'tables the seed (test/seed.ts) leaves empty').toEqual([]);
  });

  it('restores into an empty database row for row, without sessions, and ids continue', async () => {
    const target = await emptyDatabase();
    const summary = await restoreBackup(target.pool, file, { force: false });
    expect(summary).toMatchObject({ migrated: false, tables: source.size - NOT_BACKED_UP.length });

    const restored = await tableDump(target.pool);
    expect(without(restored, NOT_BACKED_UP)).toEqual(without(source, NOT_BACKED_UP));
    for (const name of NOT_BACKED_UP) expect(restored.get(name), name).toEqual([]);
    expect(await migrationLevel(target.pool)).toEqual(await migrationLevel(ctx.database.pool));

    await withAppOn(target.url, async (app) => {
      const dana = await signUp(app);
      const maxUserId = Math.max(...source.get('users')!.map((r) => JSON.parse(r).id));
      expect(dana.userId).toBeGreaterThan(maxUserId);
      await addEmployer(app, dana, { name: 'After the restore', hourlyRate: '20' });
    });
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
    await withAppOn(target.url, async (app) => {
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
    });
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
