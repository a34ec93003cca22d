/**
 * The one transaction helper: it retries what PostgreSQL rolled back for a deadlock or a
 * serialization failure, gives up on anything else at once, locks the user first, and is the
 * only way the server opens a transaction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, notFound } from '../errors.ts';
import { createDatabase, dropDatabase } from '../test/databases.ts';
import { connect, type Database } from './open.ts';
import { sqlState } from './pg-errors.ts';
import { TRANSACTION_ATTEMPTS, transaction } from './transaction.ts';

let database: Database;
let name: string;
let userId: number;

beforeAll(async () => {
  const created = await createDatabase({ migrated: true });
  name = created.name;
  database = connect(created.url, 'external');
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into users (email, password_hash, account_id)
     values ('locks@example.com', 'x', 'acct-locks') returning id`,
  );
  userId = rows[0]!.id;
  await database.pool.query(
    `create table pair (id int primary key, n int not null);
     insert into pair values (1, 0), (2, 0);`,
  );
});
afterAll(async () => {
  await database.close();
  await dropDatabase(name);
});

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('transaction()', () => {
  it('runs a transaction that two writers deadlocked again, so both complete', async () => {
    // Each locks one row, waits until the other has its row, then asks for the other's: a
    // real deadlock, which PostgreSQL breaks by failing one of them (40P01).
    let arrived = 0;
    const bothLocked = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (arrived >= 2) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    const attempts = { a: 0, b: 0 };
    const writer = (first: number, second: number, who: 'a' | 'b') =>
      transaction(database.db, async (tx) => {
        attempts[who]++;
        await tx.execute(sql`update pair set n = n + 1 where id = ${first}`);
        if (attempts[who] === 1) {
          arrived++;
          await bothLocked;
        }
        await tx.execute(sql`update pair set n = n + 1 where id = ${second}`);
      });
    await Promise.all([writer(1, 2, 'a'), writer(2, 1, 'b')]);
    expect(attempts.a + attempts.b, 'one of them ran twice').toBe(3);
    const { rows } = await database.pool.query<{ n: number }>('select n from pair order by id');
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it('retries a serialization failure and a deadlock, up to its limit, then gives up', async () => {
    for (const code of ['40001', '40P01']) {
      let tries = 0;
      await expect(
        transaction(database.db, async () => {
          tries++;
          if (tries < 3) throw pgError(code);
          return 'done';
        }),
      ).resolves.toBe('done');
      expect(tries).toBe(3);

      tries = 0;
      const failing = transaction(database.db, async () => {
        tries++;
        throw pgError(code);
      });
      await expect(failing).rejects.toSatisfy((e) => sqlState(e) === code);
      expect(tries).toBe(TRANSACTION_ATTEMPTS);
    }
  });

  it('does not retry any other failure', async () => {
    let tries = 0;
    const failing = transaction(database.db, async (tx) => {
      tries++;
      await tx.execute(sql`insert into pair values (1, 0)`);
    });
    await expect(failing).rejects.toSatisfy((e) => sqlState(e) === '23505');
    expect(tries).toBe(1);
  });

  it("holds the user's row until it ends: a second writer of the same user waits its turn", async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = transaction(
      database.db,
      async () => {
        order.push('first in');
        await held;
        order.push('first out');
      },
      { userId },
    );
    await new Promise((r) => setTimeout(r, 50));
    const second = transaction(database.db, async () => order.push('second in'), { userId });
    await new Promise((r) => setTimeout(r, 150));
    expect(order, 'the second waits for the user row').toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('answers 401 for a user who is gone, or what the caller says', async () => {
    const gone = transaction(database.db, async () => 'ran', { userId: 2_147_000_000 });
    await expect(gone).rejects.toSatisfy(
      (e) => e instanceof AppError && e.statusCode === 401 && e.code === 'unauthenticated',
    );
    const target = transaction(database.db, async () => 'ran', {
      userId: 2_147_000_000,
      userGone: () => notFound('No user with this email address'),
    });
    await expect(target).rejects.toSatisfy((e) => e instanceof AppError && e.statusCode === 404);
  });
});

describe('the server opens transactions only through transaction()', () => {
  it('no source file outside db/transaction.ts calls .transaction(', () => {
    const root = join(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'))
      .map((f) => join(root, f));
    const offenders = files
      .filter((file) => relative(root, file) !== join('db', 'transaction.ts'))
      .filter((file) => /\.transaction\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders, 'use transaction() from db/transaction.ts').toEqual([]);
  });
});
