import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: inject('testDatabaseAdminUrl') });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database on the test server: a clone of the run's migrated template, or one with
 * nothing in it, not even migrations (a new server's). Named hb_t_<run>_…, so the run's teardown
 * (test/global-setup.ts) drops any that a test leaves behind.
 */
export async function createDatabase(options: {
  migrated: boolean;
}): Promise<{ url: string; name: string }> {
  const template = inject('testTemplateDatabase');
  const name = `hb_t_${template.replace('hb_template_', '')}_${randomBytes(4).toString('hex')}`;
  const create = `create database ${name}${options.migrated ? ` template ${template}` : ''}`;
  await asAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await admin.query(create);
      } catch (error) {
        // Two files copying the same template at the same moment: wait and try again.
        if (attempt > 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = new URL(inject('testDatabaseAdminUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Drops a database made by createDatabase, closing whatever is still connected to it. */
export async function dropDatabase(name: string): Promise<void> {
  await asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/**
 * A database of this test's own with no rows in it (migrated, or with nothing at all), and a
 * small pool on it that connects on first use. The pool ends and the database is dropped when
 * the test finishes.
 */
export async function emptyDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; pool: pg.Pool }> {
  const { url, name } = await createDatabase({ migrated: options.migrated ?? false });
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // pool.end() does not wait for its clients to hang up; the drop's (force) ends any still
  // hanging up, and an idle client's error must not crash the run.
  pool.on('error', () => undefined);
  onTestFinished(async () => {
    if (!pool.ending) await pool.end();
    await dropDatabase(name);
  });
  return { url, pool };
}
