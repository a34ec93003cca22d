import pino from 'pino';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { connect, type Database } from '../db/open.ts';
import { createTestApp, TEST_APP_SECRET } from './app.ts';
import { startProxy, type TestProxy, UPSTREAM_HEADER } from './proxy.ts';

/**
 * Several server instances on one PostgreSQL database, each with its own pool, its own session
 * cache (on, as in production) and its own port, behind a round-robin proxy (test/proxy.ts):
 * the shape the product scales out to (docs/product/data.md#state-lives-in-postgresql).
 */

export interface Instance {
  app: App;
  database: Database;
  url: string;
  /** Session lookups that reached the database so far; the others were answered from its cache. */
  sessionReads(): number;
}

export interface Cluster {
  instances: Instance[];
  proxy: TestProxy;
  databaseUrl: string;
}

type ClusterOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'trustProxy'>;

/** Counts the prepared session lookup (sessions.repository.ts) as it goes through `database`. */
function countSessionReads(database: Database): () => number {
  let reads = 0;
  const pool = database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if ((args[0] as { name?: string } | undefined)?.name === 'find_session_user') reads++;
    return query(...args);
  }) as typeof pool.query;
  return () => reads;
}

/**
 * `count` instances on a fresh database, listening on loopback, and the proxy in front. They log
 * errors only: a 5xx is a bug, and its cause then shows in the test's output.
 */
export async function startCluster(count: number, options: ClusterOptions = {}): Promise<Cluster> {
  // Behind the proxy, the client's address is the first of X-Forwarded-For.
  const settings = { ...options, trustProxy: true };
  // createTestApp makes the database; its own app stays unused, so every instance is alike.
  const first = await createTestApp(settings);
  const instances: Instance[] = [];
  const extra: Database[] = [];
  let proxy: TestProxy | undefined;
  // Registered after createTestApp's own: runs before it drops the database.
  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances) await instance.app.close();
    for (const database of extra) await database.close();
  });
  for (let n = 0; n < count; n++) {
    const database = n === 0 ? first.database : connect(first.databaseUrl, 'external');
    if (n > 0) extra.push(database);
    const app = await buildApp({
      database,
      secret: TEST_APP_SECRET,
      version: 'test',
      clientDir: '/nonexistent',
      logger: pino({ level: 'error' }),
      ...settings,
    });
    const sessionReads = countSessionReads(database);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ app, database, url, sessionReads });
  }
  proxy = await startProxy(instances.map((i) => i.url));
  return { instances, proxy, databaseUrl: first.databaseUrl };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read by the test that asked.
  body: any;
  /** The index of the instance that answered. */
  servedBy: number;
  /** `sid=…` when the answer set a session cookie, '' when it cleared it. */
  sessionCookie: string | undefined;
}

/**
 * One API call over HTTP, as a browser on `base` makes it (Origin, JSON body, cookie), from the
 * client address `ip` when given (the proxy passes it on in X-Forwarded-For).
 */
export async function call(
  base: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { cookie?: string | undefined; body?: object; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: base };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, base), {
    method,
    headers,
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const sid = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith('sid='));
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    servedBy: Number(res.headers.get(UPSTREAM_HEADER) ?? -1),
    sessionCookie: sid === undefined ? undefined : sid === 'sid=' ? '' : sid,
  };
}
