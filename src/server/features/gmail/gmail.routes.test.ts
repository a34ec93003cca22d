import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailAuthorizations, gmailTokens } from '../../db/schema/index.ts';
import { callApi, createTestApp, signUp, type TestContext } from '../../test/app.ts';
import {
  connectGmail,
  gmailJobHandlers,
  startTestOAuth,
  TEST_GMAIL_ADDRESS,
  type TestOAuth,
  testGmailConfig,
} from '../../test/gmail.ts';
import { testWorker, waitFor } from '../../test/jobs.ts';

let oauth: TestOAuth;
let ctx: TestContext;
let unconfigured: TestContext;

beforeAll(async () => {
  oauth = await startTestOAuth();
  ctx = await createTestApp({ gmail: testGmailConfig(oauth) });
  unconfigured = await createTestApp();
});
afterAll(() => oauth.close());

const status = async (who: Awaited<ReturnType<typeof signUp>>) =>
  (await callApi(ctx.app, 'GET', '/api/auth/gmail/status', who)).json();

async function tokenRow(userId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(gmailTokens)
    .where(eq(gmailTokens.userId, userId));
  return row;
}

describe('GET /api/auth/gmail and the callback', () => {
  it('connects through the provider with PKCE and a state, and stores the tokens sealed', async () => {
    const who = await signUp(ctx.app);
    expect(await status(who)).toEqual({
      authorized: false,
      needsReauth: false,
      email: null,
      configured: true,
    });
    const { location, authUrl } = await connectGmail(ctx.app, who);
    expect(location).toBe('/gmail-callback.html?result=connected');

    const asked = new URL(authUrl);
    expect(asked.origin + asked.pathname).toBe(`${oauth.url}/authorize`);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(asked.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send');
    expect(asked.searchParams.get('access_type')).toBe('offline');
    expect(asked.searchParams.get('redirect_uri')).toBe(
      'http://localhost:80/api/auth/gmail/callback',
    );
    // The provider was sent the verifier that matches the challenge (it checks, and refuses).
    const exchange = oauth.tokenRequests.at(-1);
    expect(exchange?.grantType).toBe('authorization_code');
    expect(exchange?.codeVerifier).toMatch(/^[\w-]{43,128}$/);

    expect(await status(who)).toEqual({
      authorized: true,
      needsReauth: false,
      email: TEST_GMAIL_ADDRESS,
      configured: true,
    });
    const row = await tokenRow(who.userId);
    expect(row?.accessToken).toMatch(/^v2\./);
    expect(row?.refreshToken).toMatch(/^v2\./);
    // The state is good once: its row is gone.
    const pending = await ctx.database.db
      .select()
      .from(gmailAuthorizations)
      .where(eq(gmailAuthorizations.userId, who.userId));
    expect(pending).toEqual([]);
  });

  it('keeps no token readable anywhere in the database', async () => {
    const who = await signUp(ctx.app);
    let issued: string[] = [];
    const listener = (response: { body: Record<string, unknown> | '' }) => {
      if (response.body) {
        issued = [response.body.access_token, response.body.refresh_token].filter(
          (t): t is string => typeof t === 'string',
        );
      }
    };
    oauth.server.service.once('beforeResponse', listener);
    await connectGmail(ctx.app, who);
    expect(issued).toHaveLength(2);
    // Every row of every table in the public schema, as text: a dump holds no less.
    const tables = await ctx.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { tablename } of tables.rows) {
      const rows = await ctx.database.db.execute(
        sql`select t::text as row from ${sql.identifier(tablename)} t`,
      );
      dump += rows.rows.map((r) => String(r.row)).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    for (const token of issued) expect(dump).not.toContain(token);
  });

  it('refuses a grant without gmail.send (unticked on the consent screen), keeps nothing and revokes it', async () => {
    const who = await signUp(ctx.app);
    let issued: Record<string, unknown> = {};
    oauth.server.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
      issued = response.body;
    });
    oauth.untickNext('https://www.googleapis.com/auth/gmail.send');
    const { location } = await connectGmail(ctx.app, who);
    // The token endpoint said what was granted: the address, not the permission to send.
    expect(String(issued.scope).split(' ').sort()).toEqual([
      'https://www.googleapis.com/auth/userinfo.email',
      'openid',
    ]);
    expect(location).toBe('/gmail-callback.html?result=error&error=missing-send-scope');
    expect(await tokenRow(who.userId)).toBeUndefined();
    expect(await status(who)).toMatchObject({ authorized: false, needsReauth: false });
    const queued = await callApi(ctx.app, 'POST', '/api/send-email-gmail', who, {
      to: 'payroll@riverside.test',
      subject: 'Hours',
      body: '',
    });
    expect(queued.statusCode).toBe(409);
    // The grant is revoked at the provider through the queue.
    const worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth));
    try {
      await waitFor(() => oauth.revoked.includes(issued.refresh_token as string));
    } finally {
      await worker.stop();
    }
    // Connecting again with the box ticked works.
    expect((await connectGmail(ctx.app, who)).location).toBe(
      '/gmail-callback.html?result=connected',
    );
    expect((await tokenRow(who.userId))?.scope).toContain(
      'https://www.googleapis.com/auth/gmail.send',
    );
    expect((await status(who)).authorized).toBe(true);
  });

  it('a connection kept from before the check, without gmail.send, shows as needing a reconnect', async () => {
    const who = await signUp(ctx.app);
    await connectGmail(ctx.app, who);
    await ctx.database.db
      .update(gmailTokens)
      .set({ scope: 'openid https://www.googleapis.com/auth/userinfo.email' })
      .where(eq(gmailTokens.userId, who.userId));
    expect(await status(who)).toMatchObject({ authorized: false, needsReauth: true });
  });

  it('refuses a state from another session, a used state, and a signed-out popup', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const stolen = await connectGmail(ctx.app, owner, { callbackCookie: other.cookie });
    expect(stolen.location).toMatch(/^\/gmail-callback\.html\?result=error&error=/);
    expect((await status(other)).authorized).toBe(false);
    expect((await status(owner)).authorized).toBe(false);

    const signedOut = await connectGmail(ctx.app, owner, { callbackCookie: '' });
    expect(signedOut.location).toContain('result=error');
    expect((await status(owner)).authorized).toBe(false);

    // A replay of a callback that worked changes nothing: the state was taken.
    const start = await callApi(ctx.app, 'GET', '/api/auth/gmail', owner);
    const consent = await fetch(start.json().authUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const first = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: owner.cookie },
    });
    expect(first.headers.location).toBe('/gmail-callback.html?result=connected');
    const replay = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: owner.cookie },
    });
    expect(replay.headers.location).toContain('result=error');
  });

  it('says so when the user does not allow access, and for a made-up state', async () => {
    const who = await signUp(ctx.app);
    const start = await callApi(ctx.app, 'GET', '/api/auth/gmail', who);
    const state = new URL(start.json().authUrl).searchParams.get('state');
    const denied = await ctx.app.inject({
      url: `/api/auth/gmail/callback?error=access_denied&state=${state}`,
      headers: { cookie: who.cookie },
    });
    // A code only: the page has fixed words for each, so a crafted link cannot choose them.
    expect(denied.headers.location).toBe('/gmail-callback.html?result=error&error=denied');
    const madeUp = await ctx.app.inject({
      url: '/api/auth/gmail/callback?code=abc&state=not-a-state',
      headers: { cookie: who.cookie },
    });
    expect(madeUp.statusCode).toBe(303);
    expect(madeUp.headers.location).toBe('/gmail-callback.html?result=error&error=expired');
    // The popup keeps its opener through the redirect and on the page (decision 017).
    expect(madeUp.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await status(who)).authorized).toBe(false);
  });

  it('answers 401 signed out, and 503 with a reason when no OAuth client is configured', async () => {
    for (const url of ['/api/auth/gmail', '/api/auth/gmail/status']) {
      expect((await callApi(ctx.app, 'GET', url)).statusCode).toBe(401);
    }
    expect((await callApi(ctx.app, 'POST', '/api/auth/gmail/revoke')).statusCode).toBe(401);
    const who = await signUp(unconfigured.app);
    const start = await callApi(unconfigured.app, 'GET', '/api/auth/gmail', who);
    expect(start.statusCode).toBe(503);
    expect(start.json().message).toContain('GMAIL_CLIENT_ID');
    const answer = await callApi(unconfigured.app, 'GET', '/api/auth/gmail/status', who);
    expect(answer.json()).toEqual({
      authorized: false,
      needsReauth: false,
      email: null,
      configured: false,
    });
  });
});

describe('refresh and revoke', () => {
  it('refreshes a token near its expiry, and a refused refresh asks for a reconnect', async () => {
    const who = await signUp(ctx.app);
    await connectGmail(ctx.app, who);
    const before = await tokenRow(who.userId);
    await ctx.database.db
      .update(gmailTokens)
      .set({ expiryDate: new Date(Date.now() + 60_000) })
      .where(eq(gmailTokens.userId, who.userId));
    expect((await status(who)).authorized).toBe(true);
    expect(oauth.tokenRequests.at(-1)?.grantType).toBe('refresh_token');
    const after = await tokenRow(who.userId);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.expiryDate?.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

    await ctx.database.db
      .update(gmailTokens)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(gmailTokens.userId, who.userId));
    oauth.server.service.once(
      'beforeResponse',
      (response: { statusCode: number; body: unknown }) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Token has been revoked.' };
      },
    );
    expect(await status(who)).toEqual({
      authorized: false,
      needsReauth: true,
      email: TEST_GMAIL_ADDRESS,
      configured: true,
    });
    // Connecting again clears it.
    await connectGmail(ctx.app, who);
    expect((await status(who)).authorized).toBe(true);
  });

  it('an outage of the provider during a refresh leaves the connection as it was', async () => {
    const who = await signUp(ctx.app);
    await connectGmail(ctx.app, who);
    await ctx.database.db
      .update(gmailTokens)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(gmailTokens.userId, who.userId));
    oauth.server.service.once(
      'beforeResponse',
      (response: { statusCode: number; body: unknown }) => {
        response.statusCode = 503;
        response.body = '';
      },
    );
    expect((await status(who)).authorized).toBe(true);
    expect((await tokenRow(who.userId))?.needsReauth).toBe(false);
  });

  it('leaves a newer connection alone: a revoke that waited out an outage is skipped', async () => {
    const who = await signUp(ctx.app);
    await connectGmail(ctx.app, who);
    const revoked = oauth.revoked.length;
    await callApi(ctx.app, 'POST', '/api/auth/gmail/revoke', who);
    // Connected again before the revoke job ran (Google revokes the whole grant).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await connectGmail(ctx.app, who);
    const worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth));
    try {
      await waitFor(async () => {
        const pending = await ctx.database.db.execute(
          sql`select 1 from jobs where type = 'gmail.revoke' and status <> 'done'`,
        );
        return pending.rows.length === 0;
      });
    } finally {
      await worker.stop();
    }
    expect(oauth.revoked.length).toBe(revoked);
    expect((await status(who)).authorized).toBe(true);
  });

  it('deleting the account revokes the Gmail grant at the provider, through the same queue', async () => {
    const who = await signUp(ctx.app);
    let issued: string | undefined;
    oauth.server.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
      issued = response.body.refresh_token as string | undefined;
    });
    await connectGmail(ctx.app, who);
    expect(issued).toEqual(expect.any(String));
    const res = await callApi(ctx.app, 'POST', '/api/account/delete', who, {
      password: 'correct horse battery staple',
    });
    expect(res.statusCode).toBe(200);
    expect(await tokenRow(who.userId)).toBeUndefined();
    const worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth));
    try {
      // The OAuth server was sent the grant's refresh token at its revocation endpoint.
      await waitFor(() => oauth.revoked.includes(issued as string));
    } finally {
      await worker.stop();
    }
    // Done, and the sealed token it carried is gone with its payload.
    const left = await ctx.database.db.execute(
      sql`select 1 from jobs where type = 'gmail.revoke' and payload->>'userId' = ${String(who.userId)}`,
    );
    expect(left.rows).toEqual([]);
  });

  it('disconnects at once and revokes the grant at the provider through the queue', async () => {
    const who = await signUp(ctx.app);
    await connectGmail(ctx.app, who);
    const revoked = oauth.revoked.length;
    const res = await callApi(ctx.app, 'POST', '/api/auth/gmail/revoke', who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await tokenRow(who.userId)).toBeUndefined();
    expect((await status(who)).authorized).toBe(false);
    const worker = testWorker(ctx.database, gmailJobHandlers(ctx.database, oauth));
    try {
      await waitFor(() => oauth.revoked.length > revoked);
    } finally {
      await worker.stop();
    }
    // Disconnecting again (nothing connected) is fine too.
    expect((await callApi(ctx.app, 'POST', '/api/auth/gmail/revoke', who)).statusCode).toBe(200);
  });
});
