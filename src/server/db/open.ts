import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction: services open one and pass it down, so a change and what it causes commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  mode: 'embedded' | 'external';
  close(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

// numeric and bigint stay strings (exact money); `date` stays 'YYYY-MM-DD' (no time-zone shift).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface PoolOptions {
  max?: number;
  /** Past this wait a request is answered 503 with Retry-After instead of queueing without end. */
  connectionTimeoutMillis?: number;
}
export const DEFAULT_POOL: Required<PoolOptions> = { max: 10, connectionTimeoutMillis: 10_000 };

export function connect(
  url: string,
  mode: Database['mode'],
  onClose?: () => Promise<void>,
  poolOptions: PoolOptions = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, ...DEFAULT_POOL, ...poolOptions });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as Db;
  return {
    db,
    pool,
    url,
    mode,
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}

export async function openDatabase(
  options: { databaseUrl?: string | undefined; dataDir: string },
  log: Log,
): Promise<Database> {
  if (options.databaseUrl) return connect(options.databaseUrl, 'external');
  const embedded = await startEmbeddedPostgres(options.dataDir, log);
  try {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = 'hourbook'");
    if (exists.rowCount === 0) await client.query('create database hourbook');
    await client.end();
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return connect(embedded.url.replace(/\/postgres$/, '/hourbook'), 'embedded', () =>
    embedded.stop(),
  );
}
