import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the server's maintenance database (…/postgres). */
    testDatabaseAdminUrl: string;
    /** A migrated database every test file clones its own fresh database from. */
    testTemplateDatabase: string;
  }
}

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * TEST_DATABASE_URL when set (CI's PostgreSQL server), else one embedded server for the run.
 * Either way: migrate a template once; each test file then gets a clone (see test/app.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'hourbook-test-'));
    chmodSync(dir, 0o755); // reachable by the postgres user when tests run as root
    const embedded = await startEmbeddedPostgres(dir, quiet);
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const template = `hb_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  await runMigrations(pool);
  await pool.end();

  project.provide('testDatabaseAdminUrl', adminUrl);
  project.provide('testTemplateDatabase', template);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'hb_t_${process.pid}_%'`,
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
    await stopEmbedded?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
