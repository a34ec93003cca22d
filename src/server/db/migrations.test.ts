import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../paths.ts';

/**
 * Applies the committed migration files numbered from `from` up to (not including) `to`, in one
 * transaction, as the migrator does.
 */
async function apply(client: pg.Client, from: string, to = '9999') {
  await client.query('begin');
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql') && f >= from && f < to)
    .sort()) {
    for (const statement of readFileSync(join(migrationsDir, file), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      await client.query(statement);
    }
  }
  await client.query('commit');
}

const name = `hb_mig_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let client: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testDatabaseAdminUrl') });
  await admin.connect();
  // Locale C, as the embedded cluster has it: lower() alone would fold only A–Z there.
  await admin.query(
    `create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`,
  );
  const url = new URL(inject('testDatabaseAdminUrl'));
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('migration 0002', () => {
  it('keeps every employer when names repeat in any case or alphabet, numbering the repeats', async () => {
    await apply(client, '0000', '0002');
    const { rows } = await client.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values ('a@example.com', 'x', 'a'), ('b@example.com', 'x', 'b') returning id`,
    );
    const [a, b] = rows.map((r) => r.id);
    await client.query(
      `insert into employers (user_id, name) values
         ($1, 'Acme'), ($1, 'Acme (2)'), ($1, 'ACME'), ($1, 'acme'), ($1, 'Café'), ($1, 'CAFÉ'),
         ($1, 'Other'), ($2, 'Acme')`,
      [a, b],
    );
    await apply(client, '0002');
    const after = await client.query<{ name: string }>('select name from employers order by id');
    expect(after.rows.map((r) => r.name)).toEqual([
      'Acme',
      'Acme (2)',
      'ACME (3)',
      'acme (4)',
      'Café',
      'CAFÉ (2)',
      'Other',
      'Acme',
    ]);
    await expect(
      client.query(`insert into employers (user_id, name) values ($1, 'aCmE')`, [a]),
    ).rejects.toThrow(/employers_user_id_name_unique/);
    await expect(
      client.query(`insert into employers (user_id, name) values ($1, 'CAFé')`, [a]),
    ).rejects.toThrow(/employers_user_id_name_unique/);
    const folded = await client.query<{ v: string }>(`select hourbook_fold('ÄRZTE ПРИВЕТ') as v`);
    expect(folded.rows[0]?.v).toBe('arzte привет');
  });
});
