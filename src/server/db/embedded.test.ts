import {
  chmodSync,
  chownSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const dirs: string[] = [];
const running: EmbeddedPostgres[] = [];

afterAll(async () => {
  await Promise.all(running.map((db) => db.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(dir: string): Promise<EmbeddedPostgres> {
  const db = await startEmbeddedPostgres(dir, quiet);
  running.push(db);
  return db;
}

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-embedded-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must reach it
  dirs.push(dir);
  return dir;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query('select 1 as one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it("leaves alone another data folder's PostgreSQL whose pid is in a stale postmaster.pid", async () => {
    const otherDir = freshDir();
    const other = await start(otherDir);
    const otherPid = readFileSync(join(otherDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];
    const dir = freshDir();
    await (await start(dir)).stop();
    // The pid is a postgres binary's, run by the same user: only its data folder differs.
    const pidFile = join(dir, 'pg', 'postmaster.pid');
    writeFileSync(
      pidFile,
      `${otherPid}\n${join(dir, 'pg')}\n1700000000\n5432\n\n127.0.0.1\n0 0\nready\n`,
    );
    chownSync(pidFile, statSync(join(dir, 'pg')).uid, statSync(join(dir, 'pg')).gid);

    const db = await start(dir);

    expect(await answers(db.url)).toBe(true);
    expect(await answers(other.url)).toBe(true);
  }, 60_000);
});
