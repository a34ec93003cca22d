import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { link, open, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  appTables,
  ident,
  type MigrationLevel,
  migrationLevel,
  NOT_BACKED_UP,
  sequenceStates,
} from './backup-catalog.ts';
import { BackupWriter, countRows, FORMAT_VERSION } from './backup-format.ts';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  migration: MigrationLevel;
}

const RECORD_BYTES = 256 * 1024;

/** One repeatable-read snapshot, consistent under a running server; written aside, then linked. */
export async function writeBackup(
  pool: pg.Pool,
  file: string,
  appVersion: string,
): Promise<BackupSummary> {
  const target = resolve(file);
  if (existsSync(target)) {
    throw new Error(`${file} already exists: choose another name, or move it away first`);
  }
  if (!existsSync(dirname(target))) throw new Error(`The folder ${dirname(target)} does not exist`);
  const temp = `${target}.partial-${randomBytes(4).toString('hex')}`;
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    // The same text whatever the server's settings: times in UTC, dates as ISO.
    await client.query("set local timezone to 'UTC'");
    await client.query("set local datestyle to 'ISO, YMD'");
    await client.query("set local intervalstyle to 'postgres'");
    const migration = await migrationLevel(client);
    if (!migration) {
      throw new Error('This database has no Hourbook tables: there is nothing to back up');
    }
    const tables = (await appTables(client)).filter((t) => !NOT_BACKED_UP.includes(t.name));
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    written.catch(() => undefined); // awaited below; a disk error also fails the writes
    let rows = 0;
    try {
      const writer = new BackupWriter(gzip);
      await writer.begin({
        format: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        appVersion,
        migration,
        tables,
        sequences: await sequenceStates(client),
      });
      for (const table of tables) {
        await writer.record('T', table);
        rows += await copyTable(client, table, writer);
      }
      await writer.finish();
      gzip.end();
      await written;
      await flushAndLink(temp, target);
    } catch (error) {
      gzip.destroy();
      await written.catch(() => undefined);
      throw error;
    }
    await client.query('commit');
    return {
      file: target,
      tables: tables.length,
      rows,
      bytes: (await stat(target)).size,
      migration,
    };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
    await rm(temp, { force: true });
  }
}

async function copyTable(
  client: pg.PoolClient,
  table: { name: string; columns: string[] },
  writer: BackupWriter,
): Promise<number> {
  const columns = table.columns.map(ident).join(', ');
  const stream = client.query(copyTo(`copy ${ident(table.name)} (${columns}) to stdout`));
  let pending: Buffer[] = [];
  let size = 0;
  let rows = 0;
  const flush = async () => {
    if (size === 0) return;
    const data = Buffer.concat(pending);
    rows += countRows(data);
    pending = [];
    size = 0;
    await writer.record('D', data);
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= RECORD_BYTES) await flush();
  }
  await flush();
  await writer.record('E', { rows });
  return rows;
}

/** Flushed before it is named, so a crash leaves no file or the whole one; linked, so nothing is replaced. */
async function flushAndLink(temp: string, target: string) {
  const handle = await open(temp, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new Error(`${target} already exists: choose another name, or move it away first`);
  }
  const folder = await open(dirname(target), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
