import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { recomputePay } from './pay-results.ts';

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

/**
 * A database of its own for one migration's test, migrated up to (not including) the migration
 * whose file name ends with `suffix`; dropped after the file's tests.
 */
function databaseBefore(suffix: string) {
  const own = `hb_mig_${randomBytes(4).toString('hex')}`;
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const file = files.find((f) => f.endsWith(suffix));
  /** The migration after it: `apply(db, file, next)` runs that one alone. */
  const next = file ? files[files.indexOf(file) + 1] : undefined;
  let db: pg.Client | undefined;
  afterAll(async () => {
    await db?.end();
    await admin.query(`drop database if exists ${own} with (force)`);
  });
  return {
    file,
    next,
    async open(): Promise<pg.Client> {
      expect(file).toBeDefined();
      await admin.query(`create database ${own} template template0 encoding 'UTF8'`);
      const url = new URL(inject('testDatabaseAdminUrl'));
      url.pathname = `/${own}`;
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      await apply(db, '0000', file);
      return db;
    },
  };
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

describe('the migration that makes email_verified mean a proven address', () => {
  // Found by its name: its number is the one it has in this branch's sequence.
  const migration = databaseBefore('_admin_email_verified.sql');

  it('keeps only addresses proven by an opened change link verified, and new accounts start unverified', async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values
         ('signed-up@example.com', 'x', 'a'), ('moved@example.com', 'x', 'b'),
         ('pending@example.com', 'x', 'c') returning id`,
    );
    const [signedUp, moved, pending] = rows.map((r) => r.id);
    await db.query(
      `insert into email_verifications (user_id, old_email, new_email, verification_token, expires_at, verified) values
         ($1, 'old@example.com', 'MOVED@example.com', 't1', now(), true),
         ($2, 'pending@example.com', 'elsewhere@example.com', 't2', now(), false)`,
      [moved, pending],
    );
    await apply(db, migration.file!, migration.next);
    const after = await db.query<{ id: number; email_verified: boolean }>(
      'select id, email_verified from users order by id',
    );
    expect(after.rows).toEqual([
      { id: signedUp, email_verified: false },
      { id: moved, email_verified: true },
      { id: pending, email_verified: false },
    ]);
    const fresh = await db.query<{ email_verified: boolean }>(
      `insert into users (email, password_hash, account_id) values ('new@example.com', 'x', 'd') returning email_verified`,
    );
    expect(fresh.rows[0]?.email_verified).toBe(false);
  });
});

describe('the migration that gives each employer its pay rules and each log its zone', () => {
  const migration = databaseBefore('_pay_rules_per_employer.sql');

  it("takes the user's current settings per employer and zone per log, and leaves timesheets byte for byte", async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values
         ('nurse@example.com', 'x', 'a'), ('other@example.com', 'x', 'b') returning id`,
    );
    const [nurse, other] = rows.map((r) => r.id);
    await db.query(
      `insert into settings (user_id, round_time, tax_calculation, time_zone) values
         ($1, '15', 'deduct', 'America/Chicago'), ($2, 'none', 'add', 'Europe/Berlin')`,
      [nurse, other],
    );
    const employers = await db.query<{ id: number }>(
      `insert into employers (user_id, name, hourly_rate, tax_rate) values
         ($1, 'Hospital', 42, 20), ($1, 'Clinic', 55, 8), ($2, 'Bar', 15, 0) returning id`,
      [nurse, other],
    );
    const [hospital, , bar] = employers.rows.map((r) => r.id);
    await db.query(
      `insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration, hourly_rate_at_time)
         values ($1, $2, '2026-10-31', '22:00', '06:30', 30, 42), ($3, $4, '2026-11-14', '20:00', '02:00', 0, 15)`,
      [nurse, hospital, other, bar],
    );
    const sheet = await db.query<{ id: number }>(
      `insert into timesheets (user_id, employer_id, start_date, end_date, total_hours, total_earnings, tax_calculation, round_time)
         values ($1, $2, '2026-10-25', '2026-10-31', 8.5, 357, 'deduct', '15') returning id`,
      [nurse, hospital],
    );
    await db.query(
      `insert into timesheet_documents (timesheet_id, user_id, content, content_type, file_name, byte_size)
         values ($1, $2, decode('255044462d312e370a', 'hex'), 'application/pdf', 'sheet.pdf', 9)`,
      [sheet.rows[0]?.id, nurse],
    );
    const sheetsBefore = await db.query('select * from timesheets order by id');
    const docsBefore = await db.query('select * from timesheet_documents order by timesheet_id');

    await apply(db, migration.file!, migration.next);

    const rules = await db.query(
      `select name, tax_method, rounding_step, rounding_direction, pay_precision from employers order by id`,
    );
    expect(rules.rows).toEqual([
      {
        name: 'Hospital',
        tax_method: 'deduct',
        rounding_step: '15',
        rounding_direction: 'nearest',
        pay_precision: 'minutes',
      },
      {
        name: 'Clinic',
        tax_method: 'deduct',
        rounding_step: '15',
        rounding_direction: 'nearest',
        pay_precision: 'minutes',
      },
      {
        name: 'Bar',
        tax_method: 'add',
        rounding_step: 'none',
        rounding_direction: 'nearest',
        pay_precision: 'minutes',
      },
    ]);
    const zones = await db.query('select time_zone, pay_version from work_logs order by id');
    expect(zones.rows).toEqual([
      { time_zone: 'America/Chicago', pay_version: null },
      { time_zone: 'Europe/Berlin', pay_version: null },
    ]);
    expect((await db.query('select * from timesheets order by id')).rows).toEqual(
      sheetsBefore.rows,
    );
    expect(
      (await db.query('select * from timesheet_documents order by timesheet_id')).rows,
    ).toEqual(docsBefore.rows);
  });
});

describe('the migration that gives each employer a rate history', () => {
  const migration = databaseBefore('_employer_rate_history.sql');

  it('starts each history with the current rules, frees logs of a copied rate, and no stored figure changes', async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values
         ('nurse@example.com', 'x', 'a'), ('other@example.com', 'x', 'b') returning id`,
    );
    const [nurse, other] = rows.map((r) => r.id) as [number, number];
    await db.query(
      `insert into settings (user_id, time_zone) values ($1, 'America/Chicago'), ($2, 'Europe/Berlin')`,
      [nurse, other],
    );
    const employers = await db.query<{ id: number }>(
      `insert into employers (user_id, name, hourly_rate, rounding_step) values
         ($1, 'Hospital', 42, '15'), ($2, 'Bar', 15, 'none') returning id`,
      [nurse, other],
    );
    const [hospital, bar] = employers.rows.map((r) => r.id);
    // Figures as the engine stored them: 457 min to 450 at $42; 4 h at its own $50; 6 h at $15.
    await db.query(
      `insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration,
                              hourly_rate_at_time, time_zone, pay_worked_minutes, pay_minutes,
                              pay_tenths, pay_rate_cents, pay_cents, pay_version)
         values ($1, $2, '2026-10-05', '08:00', '16:07', 30, 42, 'America/Chicago', 457, 450, 75, 4200, 31500, 1),
                ($1, $2, '2026-10-06', '08:00', '12:00', 0, 50, 'America/Chicago', 240, 240, 40, 5000, 20000, 1),
                ($3, $4, '2026-11-14', '20:00', '02:00', 0, 15, 'Europe/Berlin', 360, 360, 60, 1500, 9000, 1)`,
      [nurse, hospital, other, bar],
    );
    const figures = `select id, hourly_rate_at_time::text as own, pay_worked_minutes, pay_minutes,
                            pay_tenths, pay_rate_cents::text, pay_cents::text
                       from work_logs order by id`;
    const before = (await db.query(figures)).rows;

    await apply(db, migration.file!, migration.next);

    const versions = await db.query(
      `select employer_id, effective_from, rate::text, rounding_step, rounding_direction, pay_precision
         from employer_pay_rules order by employer_id`,
    );
    expect(versions.rows).toEqual([
      {
        employer_id: hospital,
        effective_from: null,
        rate: '42.00',
        rounding_step: '15',
        rounding_direction: 'nearest',
        pay_precision: 'minutes',
      },
      {
        employer_id: bar,
        effective_from: null,
        rate: '15.00',
        rounding_step: 'none',
        rounding_direction: 'nearest',
        pay_precision: 'minutes',
      },
    ]);
    const after = (await db.query(figures)).rows;
    expect(after.map((r) => r.own)).toEqual(['0.00', '50.00', '0.00']);
    const withoutOwn = (list: typeof before) => list.map(({ own: _, ...rest }) => rest);
    expect(withoutOwn(after)).toEqual(withoutOwn(before));
    // And the engine, reading the history now (after the migrations since), stores the same
    // figures again.
    await apply(db, migration.next!);
    const orm = drizzle(db);
    expect(await recomputePay(orm, nurse, { employerIds: [hospital!] })).toBe(2);
    expect(await recomputePay(orm, other, { employerIds: [bar!] })).toBe(1);
    expect(withoutOwn((await db.query(figures)).rows)).toEqual(withoutOwn(before));
  });
});

describe('the migration that gives each timesheet the pay rules it was made under', () => {
  const migration = databaseBefore('_timesheet_pay_rules.sql');

  it('gives each timesheet its rounding then, billed in tenths, and leaves figures and files alone', async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values ('a@example.com', 'x', 'a') returning id`,
    );
    const user = rows[0]!.id;
    const employer = await db.query<{ id: number }>(
      `insert into employers (user_id, name, hourly_rate) values ($1, 'Clinic', 31) returning id`,
      [user],
    );
    const sheets = await db.query<{ id: number }>(
      `insert into timesheets (user_id, employer_id, start_date, end_date, total_hours, total_earnings, round_time)
         values ($1, $2, '2026-10-01', '2026-10-31', 7.3, 226.30, '15'),
                ($1, $2, '2026-11-01', '2026-11-30', 7.3, 226.30, 'none') returning id`,
      [user, employer.rows[0]!.id],
    );
    await db.query(
      `insert into timesheet_documents (timesheet_id, user_id, content, content_type, file_name, byte_size)
         values ($1, $2, decode('255044462d312e370a', 'hex'), 'application/pdf', 'sheet.pdf', 9)`,
      [sheets.rows[0]!.id, user],
    );
    const figures = `select id, total_hours, total_earnings, tax, total_due, shifts, updated_at
                       from timesheets order by id`;
    const before = await db.query(figures);
    const docsBefore = await db.query('select * from timesheet_documents order by timesheet_id');

    await apply(db, migration.file!, migration.next);

    const rules = await db.query(
      'select rounding_step, rounding_direction, pay_precision from timesheets order by id',
    );
    // Before per-employer rules, pay was the user's rounding to the nearest step, then tenths.
    expect(rules.rows).toEqual([
      { rounding_step: '15', rounding_direction: 'nearest', pay_precision: 'tenths' },
      { rounding_step: 'none', rounding_direction: 'nearest', pay_precision: 'tenths' },
    ]);
    expect((await db.query(figures)).rows).toEqual(before.rows);
    expect(
      (await db.query('select * from timesheet_documents order by timesheet_id')).rows,
    ).toEqual(docsBefore.rows);
    const columns = await db.query(
      `select column_name from information_schema.columns
        where table_name = 'timesheets' and column_name = 'round_time'`,
    );
    expect(columns.rows).toEqual([]);
  });
});

describe('the migration that gives tax its dates', () => {
  const migration = databaseBefore('_tax_history.sql');

  it('gives every version and every log its employer’s tax, and no figure changes', async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values ('a@example.com', 'x', 'a') returning id`,
    );
    const user = rows[0]!.id;
    const employers = await db.query<{ id: number }>(
      `insert into employers (user_id, name, hourly_rate, tax_rate, tax_method)
         values ($1, 'Hospital', 42, 20, 'deduct'), ($1, 'Clinic', 31, 8.25, 'add') returning id`,
      [user],
    );
    const [hospital, clinic] = employers.rows.map((r) => r.id);
    await db.query(
      `insert into employer_pay_rules (user_id, employer_id, effective_from, rate, rounding_step,
                                       rounding_direction, pay_precision)
         values ($1, $2, null, 40, 'none', 'nearest', 'minutes'),
                ($1, $2, '2026-06-01', 42, 'none', 'nearest', 'minutes'),
                ($1, $3, null, 31, '15', 'nearest', 'minutes')`,
      [user, hospital, clinic],
    );
    await db.query(
      `insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration,
                              time_zone, pay_worked_minutes, pay_minutes, pay_tenths,
                              pay_rate_cents, pay_cents, pay_version)
         values ($1, $2, '2026-10-05', '08:00', '16:00', 0, 'America/Chicago', 480, 480, 80, 4200, 33600, 1),
                ($1, $3, '2026-10-06', '09:00', '16:15', 0, 'America/Chicago', 435, 435, 73, 3100, 22475, 1)`,
      [user, hospital, clinic],
    );
    const figures = `select id, pay_worked_minutes, pay_minutes, pay_tenths, pay_rate_cents::text,
                            pay_cents::text from work_logs order by id`;
    const before = (await db.query(figures)).rows;

    await apply(db, migration.file!, migration.next);

    const versions = await db.query(
      `select employer_id, effective_from::text, tax_method, tax_rate::text
         from employer_pay_rules order by employer_id, effective_from nulls first`,
    );
    expect(versions.rows).toEqual([
      { employer_id: hospital, effective_from: null, tax_method: 'deduct', tax_rate: '20.00' },
      {
        employer_id: hospital,
        effective_from: '2026-06-01',
        tax_method: 'deduct',
        tax_rate: '20.00',
      },
      { employer_id: clinic, effective_from: null, tax_method: 'add', tax_rate: '8.25' },
    ]);
    const taxes = await db.query(
      'select pay_tax_method, pay_tax_basis_points from work_logs order by id',
    );
    expect(taxes.rows).toEqual([
      { pay_tax_method: 'deduct', pay_tax_basis_points: 2000 },
      { pay_tax_method: 'add', pay_tax_basis_points: 825 },
    ]);
    expect((await db.query(figures)).rows).toEqual(before);
    // An instance of the version before, still running, inserts a version without tax: it
    // takes its employer's.
    await db.query(
      `insert into employer_pay_rules (user_id, employer_id, effective_from, rate, rounding_step,
                                       rounding_direction, pay_precision)
         values ($1, $2, '2027-01-01', 33, '15', 'nearest', 'minutes')`,
      [user, clinic],
    );
    const late = await db.query(
      `select tax_method, tax_rate::text from employer_pay_rules where effective_from = '2027-01-01'`,
    );
    expect(late.rows).toEqual([{ tax_method: 'add', tax_rate: '8.25' }]);
    // The engine, reading the versions' tax now (after the migrations since), stores the same
    // figures and the same tax.
    await apply(db, migration.next!);
    const orm = drizzle(db);
    expect(await recomputePay(orm, user, { employerIds: [hospital!, clinic!] })).toBe(2);
    expect((await db.query(figures)).rows).toEqual(before);
    expect(
      (await db.query('select pay_tax_method, pay_tax_basis_points from work_logs order by id'))
        .rows,
    ).toEqual(taxes.rows);
  });
});

describe('the migration that gives overtime and premiums their place', () => {
  const migration = databaseBefore('_overtime_premiums.sql');

  it('gives every version no overtime and no premiums, and no figure changes', async () => {
    const db = await migration.open();
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, account_id) values ('b@example.com', 'x', 'b') returning id`,
    );
    const user = rows[0]!.id;
    const employers = await db.query<{ id: number }>(
      `insert into employers (user_id, name, hourly_rate, tax_rate, tax_method)
         values ($1, 'Depot', 20, 0, 'none') returning id`,
      [user],
    );
    const depot = employers.rows[0]!.id;
    await db.query(
      `insert into employer_pay_rules (user_id, employer_id, effective_from, rate, rounding_step,
                                       rounding_direction, pay_precision, tax_method, tax_rate)
         values ($1, $2, null, 20, 'none', 'nearest', 'minutes', 'none', 0)`,
      [user, depot],
    );
    // Six 8-hour days in one week: 48 h at $20, no overtime before this migration.
    const days = ['09', '10', '11', '12', '13', '14'];
    for (const day of days) {
      await db.query(
        `insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration,
                                time_zone, pay_worked_minutes, pay_minutes, pay_tenths,
                                pay_rate_cents, pay_cents, pay_tax_method, pay_tax_basis_points,
                                pay_version)
           values ($1, $2, $3, '08:00', '16:00', 0, 'America/Chicago', 480, 480, 80, 2000, 16000,
                   'none', 0, 2)`,
        [user, depot, `2026-11-${day}`],
      );
    }
    const figures = `select id, pay_minutes, pay_rate_cents::text, pay_cents::text
                       from work_logs order by id`;
    const before = (await db.query(figures)).rows;

    await apply(db, migration.file!, migration.next);

    const versions = await db.query('select overtime, premiums from employer_pay_rules');
    expect(versions.rows).toEqual([
      {
        overtime: { preset: 'none', workweekStartDay: 0, workweekStartTime: '00:00' },
        premiums: [],
      },
    ]);
    // An instance of the version before, still running, inserts a version without them: it
    // takes its employer's.
    await db.query(
      `update employers set overtime = '{"preset":"usFederal","workweekStartDay":0,"workweekStartTime":"00:00","weekly":{"overMinutes":2400,"multiplierBp":15000}}'
        where id = $1`,
      [depot],
    );
    await db.query(
      `insert into employer_pay_rules (user_id, employer_id, effective_from, rate, rounding_step,
                                       rounding_direction, pay_precision, tax_method, tax_rate)
         values ($1, $2, '2027-01-01', 21, 'none', 'nearest', 'minutes', 'none', 0)`,
      [user, depot],
    );
    const late = await db.query(
      `select overtime->>'preset' as preset, premiums from employer_pay_rules
        where effective_from = '2027-01-01'`,
    );
    expect(late.rows).toEqual([{ preset: 'usFederal', premiums: [] }]);
    await db.query(`delete from employer_pay_rules where effective_from = '2027-01-01'`);
    // The engine, reading versions without overtime, stores the same figures, with no lines.
    await apply(db, migration.next!);
    const orm = drizzle(db);
    expect(await recomputePay(orm, user, { employerIds: [depot] })).toBe(6);
    expect((await db.query(figures)).rows).toEqual(before);
    const split = await db.query(
      `select distinct pay_base_cents::text as base, pay_premium_cents::text as premium,
              pay_overtime_cents::text as overtime, pay_lines from work_logs`,
    );
    expect(split.rows).toEqual([{ base: '16000', premium: '0', overtime: '0', pay_lines: [] }]);
  });
});
