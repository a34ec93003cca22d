import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { App } from '../app.ts';
import type { GmailConfig } from '../config.ts';
import type { Database } from '../db/open.ts';
import { createJobHandlers } from '../jobs/handlers.ts';
import type { JobHandlers } from '../jobs/types.ts';
import type { MailTransport } from '../mail/transport.ts';
import { type Session, TEST_APP_SECRET } from './app.ts';

/**
 * The two outside parts of the Gmail feature, on loopback (DESIGN.md §6): a real OAuth 2.0
 * server (oauth2-mock-server: authorization code with PKCE, refresh, revocation) and a fake of
 * the one Gmail API call (the send endpoint cannot be reached from here), which parses what it
 * gets as MIME and can be told to fail.
 */

export const TEST_GMAIL_ADDRESS = 'ana.worker@gmail.test';

export interface TestOAuth {
  server: OAuth2Server;
  url: string;
  /** Token requests seen: grant type, code_verifier (PKCE) and refresh token. */
  tokenRequests: { grantType: string | undefined; codeVerifier: string | undefined }[];
  /** Tokens sent to the revocation endpoint (filled once each request body has arrived). */
  revoked: string[];
  /**
   * The next consent grants the scopes asked for except these, as a user who unticks a box on
   * Google's consent screen: the token answer's `scope` then lacks them.
   */
  untickNext(...scopes: string[]): void;
  close(): Promise<void>;
}

/**
 * Google's full names of the short OpenID scopes, as its token endpoint reports them
 * ("email" comes back as ".../auth/userinfo.email").
 */
const GOOGLE_SCOPE_NAMES: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

export async function startTestOAuth(): Promise<TestOAuth> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = (server.issuer.url ?? '').replace(/\/$/, '');
  const tokenRequests: TestOAuth['tokenRequests'] = [];
  const revoked: string[] = [];
  // What each code and each refresh token was granted: the token endpoint answers it as `scope`
  // (space-separated), as Google does; the mock server alone would echo the request's or "dummy".
  const grantedByCode = new Map<string, string>();
  const grantedByRefresh = new Map<string, string>();
  let unticked: string[] = [];
  server.service.on(Events.BeforeAuthorizeRedirect, ({ url: back }, req) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const asked = (query.get('scope') ?? '').split(' ').filter(Boolean);
    const granted = asked
      .filter((scope) => !unticked.includes(scope))
      .map((scope) => GOOGLE_SCOPE_NAMES[scope] ?? scope);
    unticked = [];
    const code = back.searchParams.get('code');
    if (code) grantedByCode.set(code, granted.join(' '));
  });
  server.service.on(Events.BeforeTokenSigning, (token, req) => {
    // The ID token says which address was connected, for the client this one was issued to.
    token.payload.email = TEST_GMAIL_ADDRESS;
    token.payload.aud = req.body.client_id ?? 'hourbook-test-client';
  });
  server.service.on(Events.BeforeResponse, (response, req) => {
    tokenRequests.push({ grantType: req.body.grant_type, codeVerifier: req.body.code_verifier });
    const body = response.body as Record<string, unknown> | '';
    if (response.statusCode !== 200 || !body) return;
    const granted =
      req.body.grant_type === 'authorization_code'
        ? grantedByCode.get(String(req.body.code))
        : grantedByRefresh.get(String(req.body.refresh_token));
    if (granted === undefined) return;
    body.scope = granted;
    if (typeof body.refresh_token === 'string') grantedByRefresh.set(body.refresh_token, granted);
  });
  server.service.on(Events.BeforeRevoke, (_response, req: IncomingMessage) => {
    // The mock server answers without reading the form body (token=…): read it here.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      revoked.push(form.get('token') ?? '');
    });
  });
  return {
    server,
    url,
    tokenRequests,
    revoked,
    untickNext: (...scopes) => {
      unticked = scopes;
    },
    close: () => server.stop(),
  };
}

export interface GmailSendCall {
  authorization: string | undefined;
  contentType: string | undefined;
  raw: Buffer;
  status: number;
}

export interface TestGmailApi {
  url: string;
  calls: GmailSendCall[];
  /** Messages it accepted (answered 200), parsed. */
  accepted(): Promise<ParsedMail[]>;
  /** The next `times` sends are answered `status` with Gmail's error body. */
  failNext(status: number, times?: number, message?: string): void;
  close(): Promise<void>;
}

export async function startTestGmailApi(): Promise<TestGmailApi> {
  const calls: GmailSendCall[] = [];
  const failures: { status: number; message: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const ok =
        req.method === 'POST' &&
        req.url === '/upload/gmail/v1/users/me/messages/send?uploadType=media';
      const failure = ok ? failures.shift() : { status: 404, message: 'Not Found' };
      const status = failure?.status ?? 200;
      calls.push({
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        raw,
        status,
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          failure
            ? { error: { code: failure.status, message: failure.message } }
            : { id: `msg-${calls.length}`, threadId: 't1', labelIds: ['SENT'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    accepted: () =>
      Promise.all(calls.filter((c) => c.status === 200).map((c) => simpleParser(c.raw))),
    failNext(status, times = 1, message = `Gmail says ${status}`) {
      for (let i = 0; i < times; i++) failures.push({ status, message });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function testGmailConfig(oauth: TestOAuth, api?: TestGmailApi): GmailConfig {
  return {
    clientId: 'hourbook-test-client',
    clientSecret: 'hourbook-test-secret',
    issuer: oauth.url,
    authorizationEndpoint: `${oauth.url}/authorize`,
    tokenEndpoint: `${oauth.url}/token`,
    revocationEndpoint: `${oauth.url}/revoke`,
    apiUrl: api?.url ?? 'http://127.0.0.1:9',
  };
}

/**
 * What the popup does: asks the app for the consent page, lets the OAuth server answer it (it
 * redirects back at once with a code), and follows that redirect into the app's callback with
 * the browser's cookie. Answers where the callback sent the popup.
 */
export async function connectGmail(
  app: App,
  who: Session,
  options: { callbackCookie?: string } = {},
): Promise<{ location: string; authUrl: string }> {
  const start = await app.inject({
    method: 'GET',
    url: '/api/auth/gmail',
    headers: { cookie: who.cookie },
  });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const { authUrl } = start.json() as { authUrl: string };
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: options.callbackCookie ?? who.cookie },
  });
  return { location: callback.headers.location as string, authUrl };
}

/** The job handlers of a server with this Gmail setup (instance mail goes nowhere). */
export function gmailJobHandlers(
  database: Database,
  oauth: TestOAuth,
  api?: TestGmailApi,
  now?: () => Date,
): JobHandlers {
  const mail: MailTransport = {
    from: 'Hourbook <no-reply@hourbook.test>',
    fromDomain: 'hourbook.test',
    send: async () => ({ messageId: '', where: 'nowhere' }),
    close: () => undefined,
  };
  return createJobHandlers({
    db: database.db,
    secret: TEST_APP_SECRET,
    mail,
    gmail: testGmailConfig(oauth, api),
    ...(now ? { now } : {}),
  });
}
