import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { App } from '../app.ts';
import type { GmailConfig } from '../config.ts';
import type { Database } from '../db/open.ts';
import type { JobRegistry } from '../jobs/types.ts';
import type { MailTransport } from '../mail/transport.ts';
import { createJobHandlers } from '../ops/job-handlers.ts';
import { type Session, TEST_APP_SECRET } from './app.ts';

/**
 * The two outside parts of the Gmail feature, on loopback: a real OAuth 2.0
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
  /** The status answered; 0 when the connection was cut instead (see dropNext). */
  status: number;
  /** Whether Gmail took the message (answered 200, or took it and then lost the answer). */
  taken: boolean;
}

/** How the fake answers a failure, as Google documents its errors. */
export interface GmailFailure {
  /** `error.errors[0].reason`: e.g. 'userRateLimitExceeded', 'rateLimitExceeded'. */
  reason?: string;
  /** The Retry-After header: whole seconds or an HTTP date. */
  retryAfter?: string;
}

export interface TestGmailApi {
  url: string;
  calls: GmailSendCall[];
  /** Messages it took (answered 200, or took before the connection was cut), parsed. */
  accepted(): Promise<ParsedMail[]>;
  /**
   * The next `times` sends are answered `status` with Google's error body:
   * `{"error":{"code","message","errors":[{"domain","reason","message"}],"status"}}`.
   */
  failNext(status: number, times?: number, message?: string, failure?: GmailFailure): void;
  /**
   * The next send reads the whole message and then cuts the connection without an answer; with
   * `taken`, Gmail took the message first (sent, but the answer was lost on the way back).
   */
  dropNext(options: { taken: boolean }): void;
  close(): Promise<void>;
}

/** Google's `status` and default `reason` for an HTTP status (Google API error model). */
const GOOGLE_STATUS: Record<number, { status: string; reason: string; domain: string }> = {
  400: { status: 'INVALID_ARGUMENT', reason: 'badRequest', domain: 'global' },
  401: { status: 'UNAUTHENTICATED', reason: 'authError', domain: 'global' },
  403: { status: 'PERMISSION_DENIED', reason: 'forbidden', domain: 'global' },
  404: { status: 'NOT_FOUND', reason: 'notFound', domain: 'global' },
  429: { status: 'RESOURCE_EXHAUSTED', reason: 'rateLimitExceeded', domain: 'usageLimits' },
  500: { status: 'INTERNAL', reason: 'backendError', domain: 'global' },
  503: { status: 'UNAVAILABLE', reason: 'backendError', domain: 'global' },
};

export async function startTestGmailApi(): Promise<TestGmailApi> {
  const calls: GmailSendCall[] = [];
  type Planned =
    | { kind: 'fail'; status: number; message: string; failure: GmailFailure }
    | { kind: 'drop'; taken: boolean };
  const planned: Planned[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const ok =
        req.method === 'POST' &&
        req.url === '/upload/gmail/v1/users/me/messages/send?uploadType=media';
      const plan: Planned | undefined = ok
        ? planned.shift()
        : { kind: 'fail', status: 404, message: 'Not Found', failure: {} };
      const call = {
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        raw,
      };
      if (plan?.kind === 'drop') {
        calls.push({ ...call, status: 0, taken: plan.taken });
        // The message is in; the answer never comes (a reset connection, a proxy timeout).
        req.socket.destroy();
        return;
      }
      const status = plan?.status ?? 200;
      calls.push({ ...call, status, taken: status === 200 });
      if (!plan) {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ id: `msg-${calls.length}`, threadId: 't1', labelIds: ['SENT'] }));
        return;
      }
      const google = GOOGLE_STATUS[plan.status] ?? {
        status: 'UNKNOWN',
        reason: 'unknown',
        domain: 'global',
      };
      const reason = plan.failure.reason ?? google.reason;
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
      if (plan.failure.retryAfter !== undefined) headers['retry-after'] = plan.failure.retryAfter;
      res.writeHead(plan.status, headers);
      res.end(
        JSON.stringify({
          error: {
            code: plan.status,
            message: plan.message,
            errors: [
              {
                message: plan.message,
                domain: reason.endsWith('Exceeded') ? 'usageLimits' : google.domain,
                reason,
              },
            ],
            status: google.status,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    accepted: () => Promise.all(calls.filter((c) => c.taken).map((c) => simpleParser(c.raw))),
    failNext(status, times = 1, message = `Gmail says ${status}`, failure = {}) {
      for (let i = 0; i < times; i++) planned.push({ kind: 'fail', status, message, failure });
    },
    dropNext({ taken }) {
      planned.push({ kind: 'drop', taken });
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
): JobRegistry {
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
