import { type AddressInfo, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../../db/schema/index.ts';
import { configuredLinkBase, PUBLIC_URL_MISSING } from '../../lib/mail-links.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { createDatabase, dropDatabase } from '../../test/databases.ts';
import { queuedMails } from '../../test/mail.ts';
import {
  freshDataDir,
  startServer,
  stopAllServers,
  stopServer,
} from '../../test/server-process.ts';

/**
 * Links in mail (e-mail confirmation and change, an administrator's temporary password) are
 * built from PUBLIC_URL. In production without it they are refused, never built from the Host
 * header a request chooses; outside production the request's own address stands in.
 */

const production = await createTestApp({ requirePublicUrl: true });
const configured = await createTestApp({
  requirePublicUrl: true,
  publicUrl: 'https://hours.example.org/',
});
const development = await createTestApp();

const SPOOFED = { host: 'evil.example' };
let counter = 0;
const freshAddress = () => `links${counter++}-${Date.now()}@example.net`;

const asSpoofed = (ctx: TestContext, who: Session, url: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, ...SPOOFED },
    payload,
  });

async function admin(ctx: TestContext): Promise<Session> {
  const who = await signUp(ctx.app);
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, who.userId));
  return who;
}

const mailLinksOf = async (ctx: TestContext, who: Session) =>
  (await callApi(ctx.app, 'GET', '/api/diagnostics', who)).json().mailLinks;

describe('in production without PUBLIC_URL', () => {
  it('refuses every route that would mail a link with 503, and queues nothing', async () => {
    const who = await signUp(production.app);
    const boss = await admin(production);
    const answers = [
      await asSpoofed(production, who, '/api/auth/change-email', { newEmail: freshAddress() }),
      await asSpoofed(production, who, '/api/auth/confirm-email'),
      await callApi(production.app, 'POST', '/api/auth/confirm-email', who),
      await asSpoofed(production, boss, '/api/admin/send-temp-password-email', {
        userEmail: who.email,
        temporaryPassword: 'K7QM-2XPA-9RTW',
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ code: 'not_configured', message: PUBLIC_URL_MISSING });
    }
    expect(PUBLIC_URL_MISSING).toContain('must set PUBLIC_URL');
    expect(await queuedMails(production.database.db)).toEqual([]);
    const pending = await production.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, who.userId));
    expect(pending).toEqual([]);
  });

  it('says so on the diagnostics page', async () => {
    expect(await mailLinksOf(production, await signUp(production.app))).toBe('missing');
  });
});

describe('with PUBLIC_URL', () => {
  it("builds the link from it, whatever the request's Host says", async () => {
    const who = await signUp(configured.app);
    const newEmail = freshAddress();
    const res = await asSpoofed(configured, who, '/api/auth/change-email', { newEmail });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await queuedMails(configured.database.db, newEmail);
    expect(mail?.text).toContain('https://hours.example.org/verify-email?token=');
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
    expect(await mailLinksOf(configured, who)).toBe('public-url');
  });
});

describe('outside production without PUBLIC_URL', () => {
  it("keeps building links from the request's own address", async () => {
    const who = await signUp(development.app);
    const res = await development.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      headers: { cookie: who.cookie, host: 'localhost:5173' },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await queuedMails(development.database.db, who.email);
    expect(mail?.text).toContain('http://localhost:5173/verify-email?token=');
    expect(await mailLinksOf(development, who)).toBe('request-host');
  });
});

/** A port nothing listens on now (the server's own PORT=0 would say nothing of its links). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the server at start-up', () => {
  const databases: string[] = [];
  afterAll(async () => {
    await stopAllServers();
    for (const name of databases) await dropDatabase(name);
  });

  async function startWith(env: Record<string, string>) {
    const { url, name } = await createDatabase({ migrated: true });
    databases.push(name);
    const server = startServer(freshDataDir(), {
      databaseUrl: url,
      env: { PUBLIC_URL: '', APP_SECRET: 'a'.repeat(40), WORKER: 'off', ...env },
    });
    await server.ready;
    const output = server.output();
    expect(await stopServer(server)).toBe(0);
    return output;
  }

  it('says in production that PUBLIC_URL is missing, and not elsewhere or once it is set', async () => {
    // Listening on every address: no configured host to build links from.
    const missing = await startWith({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(missing).toMatch(/PUBLIC_URL is not set: mail that carries a link .* is refused/);
    const set = await startWith({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://hours.example.org',
    });
    expect(set).not.toContain('PUBLIC_URL is not set');
    const dev = await startWith({ NODE_ENV: 'development' });
    expect(dev).not.toContain('PUBLIC_URL is not set');
    // `npm start` as it comes: on the loopback address, links use it, and it says so.
    const port = await freePort();
    const local = await startWith({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: `${port}` });
    expect(local).not.toContain('PUBLIC_URL is not set');
    expect(local).toContain(
      `Links in mail point at http://127.0.0.1:${port}, where this server listens`,
    );
  }, 90_000);
});

describe('the configured base of mailed links', () => {
  it('is PUBLIC_URL, else the loopback address the server listens on, else none', () => {
    const at = (HOST: string, PUBLIC_URL?: string) =>
      configuredLinkBase({ HOST, PORT: 3000, PUBLIC_URL });
    expect(at('0.0.0.0', 'https://hours.example.org/')).toBe('https://hours.example.org');
    expect(at('127.0.0.1')).toBe('http://127.0.0.1:3000');
    expect(at('localhost')).toBe('http://localhost:3000');
    expect(at('::1')).toBe('http://[::1]:3000');
    expect(at('127.10.0.2')).toBe('http://127.10.0.2:3000');
    for (const open of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      'hours.example.org',
      '127.0.0.1.evil.example',
    ]) {
      expect(at(open), open).toBeUndefined();
    }
  });
});
