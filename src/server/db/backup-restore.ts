import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  type AppTable,
  appTables,
  ident,
  levelName,
  type MigrationEntry,
  migrateUpTo,
  migrationLevel,
  setSequences,
  shippedMigrations,
} from './backup-catalog.ts';
import { type BackupHeader, checkBackup, readBackup } from './backup-format.ts';
import { runMigrations } from './migrate.ts';

export class RestoreRefusedError extends Error {}

export interface RestoreSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
  migrated: boolean;
}

/** Read and checked first, then loaded in one transaction: docs/decisions/019-backups-and-secret-rotation.md. */
export async function restoreBackup(
  pool: pg.Pool,
  file: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  const { header } = await checkBackup(file);
  const shipped = shippedMigrations();
  const backupLevel = levelOf(header, shipped);
  const latest = shipped.at(-1) as MigrationEntry;

  const client = await pool.connect();
  let released = false;
  try {
    const level = await migrationLevel(client);
    if (!level) {
      if ((await appTables(client)).length > 0) {
        throw new RestoreRefusedError(
          'This database has tables but no Hourbook migrations: restore into an empty database.',
        );
      }
      client.release();
      released = true;
      await migrateUpTo(pool, backupLevel.tag);
    } else if (level.when !== backupLevel.when) {
      throw new RestoreRefusedError(
        `This database is at ${levelName(level)}, the backup at ${levelName(header.migration)}: ` +
          'restore into an empty database instead (embedded: stop Hourbook and move DATA_DIR/pg ' +
          'aside; DATABASE_URL: create a new database), or with the Hourbook version that made it.',
      );
    } else if (!options.force) {
      const filled = await tablesWithRows(client);
      if (filled.length > 0) {
        throw new RestoreRefusedError(
          `This database already holds data (${filled.join(', ')}). A restore replaces all of ` +
            'it: back it up first if it matters, then run the restore again with --force.',
        );
      }
    }
  } finally {
    if (!released) client.release();
  }

  const loaded = await load(pool, file, header);
  const migrated = backupLevel.when !== latest.when;
  if (migrated) await runMigrations(pool);
  return { header, ...loaded, migrated };
}

function levelOf(header: BackupHeader, shipped: MigrationEntry[]): MigrationEntry {
  const level = shipped.find((m) => m.when === header.migration.when);
  if (level) return level;
  const latest = shipped.at(-1);
  throw new RestoreRefusedError(
    latest && header.migration.when > latest.when
      ? `This backup was made by a newer Hourbook (${header.appVersion}, ` +
          `${levelName(header.migration)}); this version knows migrations up to ` +
          `${latest.tag}. Update Hourbook, then restore.`
      : `This backup was made from migrations this version does not ship (${levelName(header.migration)}).`,
  );
}

async function tablesWithRows(client: pg.PoolClient): Promise<string[]> {
  const filled: string[] = [];
  for (const { name } of await appTables(client)) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${ident(name)}`,
    );
    if ((rows[0]?.n ?? 0) > 0) filled.push(`${name}: ${rows[0]?.n}`);
  }
  return filled;
}

async function load(pool: pg.Pool, file: string, header: BackupHeader) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("set local datestyle to 'ISO, YMD'");
    await client.query("set local intervalstyle to 'postgres'");
    const tables = await appTables(client);
    checkShape(header, tables);
    // Statement triggers (data versions) would count the load as the users' own changes.
    const { rows: triggers } = await client.query<{ table: string; name: string; mode: string }>(`
      select c.relname as table, t.tgname as name, t.tgenabled as mode
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
         and t.tgenabled <> 'D'`);
    await client.query(`truncate ${tables.map((t) => ident(t.name)).join(', ')}`);
    for (const t of triggers) {
      await client.query(`alter table ${ident(t.table)} disable trigger ${ident(t.name)}`);
    }
    let rows = 0;
    let ingest: ReturnType<typeof copyFrom> | undefined;
    let done: Promise<void> | undefined;
    try {
      for await (const event of readBackup(file)) {
        if (event.type === 'table') {
          const columns = event.columns.map(ident).join(', ');
          ingest = client.query(copyFrom(`copy ${ident(event.name)} (${columns}) from stdin`));
          done = finished(ingest);
          done.catch(() => undefined);
        } else if (event.type === 'rows' && ingest && done) {
          if (!ingest.write(event.data)) await Promise.race([once(ingest, 'drain'), done]);
        } else if (event.type === 'end-table' && ingest && done) {
          ingest.end();
          await done;
          if (ingest.rowCount !== event.rows) {
            throw new Error(`Loaded ${ingest.rowCount} rows instead of ${event.rows}`);
          }
          rows += event.rows;
          ingest = undefined;
        }
      }
    } catch (error) {
      // An unfinished COPY is cancelled, so the connection can roll back.
      ingest?.destroy(error as Error);
      await done?.catch(() => undefined);
      throw error;
    }
    await setSequences(client, header.sequences);
    for (const t of triggers) {
      const mode = t.mode === 'A' ? 'always ' : t.mode === 'R' ? 'replica ' : '';
      await client.query(`alter table ${ident(t.table)} enable ${mode}trigger ${ident(t.name)}`);
    }
    await client.query('commit');
    return { tables: header.tables.length, rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function checkShape(header: BackupHeader, tables: AppTable[]) {
  const here = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
  for (const table of header.tables) {
    const columns = here.get(table.name);
    const missing = columns ? table.columns.filter((c) => !columns.has(c)) : [];
    if (!columns || missing.length > 0) {
      throw new RestoreRefusedError(
        `The backup's table ${table.name}${missing.length ? ` (${missing.join(', ')})` : ''} ` +
          'does not exist in this database.',
      );
    }
  }
}
