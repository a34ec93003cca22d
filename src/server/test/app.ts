import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { GmailConfig } from '../config.ts';
import { connect, type Database, type PoolOptions } from '../db/open.ts';
import { createDatabase, dropDatabase } from './databases.ts';

let ipCounter = 0;
/** A different client address per call site, so per-IP limits don't leak between tests. */
export const nextIp = () =>
  `10.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}.${1 + Math.floor(Math.random() * 250)}`;

export interface TestContext {
  app: App;
  database: Database;
  /** Connection string of this file's own database. */
  databaseUrl: string;
}

/** The test app's APP_SECRET, so tests can open what it sealed (queued mail). */
export const TEST_APP_SECRET = Buffer.from('hourbook test app secret, not for production use');

/** A fresh database (cloned from the migrated template) and an app on it, for one test file. */
export async function createTestApp(
  options: {
    adminEmails?: string[];
    publicUrl?: string;
    /** As in production: mailed links only from PUBLIC_URL (lib/mail-links.ts). */
    requirePublicUrl?: boolean;
    trustProxy?: boolean;
    clientDir?: string;
    now?: () => Date;
    /** The user's own mailbox: point it at the loopback OAuth server (test/gmail.ts). */
    gmail?: GmailConfig;
    /** The Notion mirror's API: point it at the loopback fake (test/notion.ts). */
    notionApiUrl?: string;
    /** The app's connection pool (a pool of one, to starve it). */
    pool?: PoolOptions;
  } = {},
): Promise<TestContext> {
  const { url, name } = await createDatabase({ migrated: true });
  const { pool, ...appOptions } = options;
  const database = connect(url, 'external', undefined, pool);
  const app = await buildApp({
    database,
    secret: TEST_APP_SECRET,
    version: 'test',
    clientDir: '/nonexistent',
    ...appOptions,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dropDatabase(name);
  });
  return { app, database, databaseUrl: url };
}

export interface Session {
  cookie: string;
  userId: number;
  email: string;
}

export const cookieOf = (res: LightMyRequestResponse) => {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : '';
};

let userCounter = 0;
/** Registers a new user and returns the session cookie. */
export async function signUp(
  app: App,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<Session> {
  const email =
    overrides.email ?? `user${userCounter++}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery staple';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { email, password, confirmPassword: password, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieOf(res), userId: res.json().user.id, email };
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One API call as `who` (signed out without); state-changing calls always carry a JSON body. */
export function callApi(app: App, method: Method, url: string, who?: Session, payload?: object) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
}
