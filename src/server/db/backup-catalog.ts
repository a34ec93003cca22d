import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../paths.ts';

/** Read from the catalog, not a list kept by hand, so a table added by a later migration is backed up too. */

export type Queryable = Pick<pg.ClientBase, 'query'>;

/** Never backed up, so a session revoked after the backup stays revoked after a restore. */
export const NOT_BACKED_UP: readonly string[] = [
  'sessions',
  'gmail_authorizations',
  // A minute's Undo of a delete (decision 048): no part of what a backup brings back.
  'work_log_undos',
  'work_log_undo_receipts',
];

export interface AppTable {
  name: string;
  /** Generated columns are left out: computed again on load. */
  columns: string[];
}

export async function appTables(db: Queryable): Promise<AppTable[]> {
  const tables = await db.query<{ name: string; columns: string[]; refs: string[] }>(`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and a.attgenerated = ''
             order by a.attnum) as columns,
      array(select distinct r.relname::text from pg_constraint f
              join pg_class r on r.oid = f.confrelid
             where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as refs
      from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and not c.relispartition
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_class'::regclass and d.objid = c.oid
                          and d.deptype = 'e')
     order by c.relname`);
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  const ordered: AppTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    const table = byName.get(name);
    if (!table || state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`The foreign keys of table ${name} go round in a circle`);
    }
    state.set(name, 'visiting');
    for (const ref of table.refs) visit(ref);
    state.set(name, 'done');
    ordered.push({ name: table.name, columns: table.columns });
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

export interface SequenceState {
  table: string;
  column: string;
  lastValue: string;
}

async function ownedSequences(db: Queryable) {
  const { rows } = await db.query<{ table: string; column: string; sequence: string }>(`
    select c.relname as table, a.attname as column,
           pg_get_serial_sequence(format('%I.%I', 'public', c.relname), a.attname) as sequence
      from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(format('%I.%I', 'public', c.relname), a.attname) is not null
     order by 1, 2`);
  return rows;
}

export async function sequenceStates(db: Queryable): Promise<SequenceState[]> {
  const states: SequenceState[] = [];
  for (const { table, column, sequence } of await ownedSequences(db)) {
    const { rows } = await db.query<{ last: string }>(
      `select (case when is_called then last_value else 0 end)::text as last from ${sequence}`,
    );
    states.push({ table, column, lastValue: rows[0]?.last ?? '0' });
  }
  return states;
}

export async function setSequences(db: Queryable, states: readonly SequenceState[]) {
  const handedOut = new Map(states.map((s) => [`${s.table}.${s.column}`, BigInt(s.lastValue)]));
  for (const { table, column, sequence } of await ownedSequences(db)) {
    const { rows } = await db.query<{ max: string }>(
      `select coalesce(max(${ident(column)}), 0)::text as max from ${ident(table)}`,
    );
    const largest = BigInt(rows[0]?.max ?? '0');
    const before = handedOut.get(`${table}.${column}`) ?? 0n;
    const last = largest > before ? largest : before;
    // setval(…, 1, false): the next value is 1, as in a table that never had a row.
    await db.query('select setval($1::regclass, $2::bigint, $3)', [
      sequence,
      last > 0n ? last.toString() : '1',
      last > 0n,
    ]);
  }
}

// Names come from the catalog or a checked backup header.
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface MigrationEntry {
  idx: number;
  when: number;
  tag: string;
}

export function shippedMigrations(dir = migrationsDir): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ idx, when, tag }) => ({ idx, when, tag }));
}

export interface MigrationLevel {
  count: number;
  /** The journal time of the last one: what drizzle compares to decide what is left to run. */
  when: number;
  tag: string | null;
}

export async function migrationLevel(db: Queryable): Promise<MigrationLevel | null> {
  const exists = await db.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  if (!exists.rows[0]?.found) return null;
  const { rows } = await db.query<{ count: number; when: string | null }>(
    'select count(*)::int as count, max(created_at)::text as when from drizzle.__drizzle_migrations',
  );
  const row = rows[0];
  if (!row?.when) return null;
  const when = Number(row.when);
  return {
    count: row.count,
    when,
    tag: shippedMigrations().find((m) => m.when === when)?.tag ?? null,
  };
}

export const levelName = (level: Pick<MigrationLevel, 'tag' | 'count'>) =>
  level.tag ? `migration ${level.tag}` : `an unknown migration (number ${level.count})`;

/** Stops at `tag`: a backup is loaded into tables shaped as when it was made. */
export async function migrateUpTo(pool: pg.Pool, tag: string): Promise<void> {
  const all = shippedMigrations();
  const last = all.findIndex((m) => m.tag === tag);
  if (last < 0) throw new Error(`This version of Hourbook has no migration ${tag}`);
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  const folder = mkdtempSync(join(tmpdir(), 'hourbook-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
    );
    for (const { tag: name } of all.slice(0, last + 1)) {
      writeFileSync(join(folder, `${name}.sql`), readFileSync(join(migrationsDir, `${name}.sql`)));
    }
    const client = await pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      client.release();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// A restore or rotation under a running server would be undone by it.
export async function otherConnections(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ who: string }>(`
    select coalesce(nullif(application_name, ''), 'a client') ||
           coalesce(' from ' || host(client_addr), '') as who
      from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()
       and backend_type = 'client backend'`);
  return rows.map((r) => r.who);
}

export async function tableDump(db: Queryable): Promise<Map<string, string[]>> {
  const dump = new Map<string, string[]>();
  for (const { name } of await appTables(db)) {
    const { rows } = await db.query<{ row: string }>(
      `select row_to_json(t)::text as row from ${ident(name)} t order by 1`,
    );
    dump.set(
      name,
      rows.map((r) => r.row),
    );
  }
  return dump;
}
