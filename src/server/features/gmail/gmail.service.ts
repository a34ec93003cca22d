import { GMAIL_NOT_AUTHORIZED, type GmailStatus } from '../../../shared/schemas/mail-account.ts';
import type { Db, Executor } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { seal, unseal } from '../../lib/seal.ts';
import {
  deleteTokens,
  findTokens,
  type GmailTokenRow,
  markNeedsReauth,
  saveAuthorization,
  saveTokens,
  takeAuthorization,
  updateAccessToken,
} from './gmail.repository.ts';
import {
  type GmailOAuth,
  type GmailTokenSet,
  grantsSend,
  isRefusedGrant,
  providerError,
} from './gmail-oauth.ts';

/** Separate purposes: a stored token never opens with a PKCE verifier's key. */
export const TOKEN_PURPOSE = 'gmail-token';
const VERIFIER_PURPOSE = 'gmail-pkce';

const AUTHORIZATION_TTL_MS = 10 * 60_000;
const REFRESH_MARGIN_MS = 5 * 60_000;

export const GMAIL_REVOKE_JOB = 'gmail.revoke';

export interface GmailDeps {
  db: Db;
  secret: Buffer;
  /** Where a refused code exchange is noted (the popup only gets a code). */
  log?: { warn(fields: object, message: string): void } | undefined;
  oauth: GmailOAuth | undefined;
  now: () => Date;
}

export const notConfigured = () =>
  new AppError(
    'not_configured',
    503,
    'Sending with Gmail is not set up on this server. Its administrator sets GMAIL_CLIENT_ID and GMAIL_CLIENT_SECRET (see the README).',
  );

export const gmailNotAuthorized = () =>
  new AppError('gmail_not_authorized', 409, GMAIL_NOT_AUTHORIZED);

function requireOAuth(deps: GmailDeps): GmailOAuth {
  if (!deps.oauth) throw notConfigured();
  return deps.oauth;
}

/** The state is stored hashed and the verifier sealed; neither leaves but in the consent URL. */
export async function startAuthorization(
  deps: GmailDeps,
  who: { userId: number; sessionToken: string },
  redirectUri: string,
): Promise<string> {
  const oauth = requireOAuth(deps);
  const { url, state, verifier } = await oauth.start(redirectUri);
  await transaction(deps.db, (tx) =>
    saveAuthorization(tx, {
      stateHash: sha256Hex(state),
      userId: who.userId,
      sessionSid: sha256Hex(who.sessionToken),
      codeVerifierSealed: seal(deps.secret, VERIFIER_PURPOSE, verifier),
      expiresAt: new Date(deps.now().getTime() + AUTHORIZATION_TTL_MS),
    }),
  );
  return url;
}

/** The popup's page gets only a code, so no crafted link (?error=…) makes this origin say anything. */
export const CALLBACK_ERRORS = [
  'expired',
  'denied',
  'refused',
  'not-configured',
  'no-offline',
  'missing-send-scope',
] as const;
export type CallbackError = (typeof CALLBACK_ERRORS)[number];
export type CallbackOutcome = { result: 'connected' } | { result: 'error'; error: CallbackError };

/** The state must be this session's and unused; no transaction is open while the provider is called. */
export async function finishAuthorization(
  deps: GmailDeps,
  sessionToken: string | null,
  callbackUrl: URL,
): Promise<CallbackOutcome> {
  if (!deps.oauth) return { result: 'error', error: 'not-configured' };
  const params = callbackUrl.searchParams;
  const state = params.get('state');
  if (!sessionToken || !state || state.length > 200) return { result: 'error', error: 'expired' };
  const row = await takeAuthorization(
    deps.db,
    sha256Hex(state),
    sha256Hex(sessionToken),
    deps.now(),
  );
  if (!row) return { result: 'error', error: 'expired' };
  if (params.get('error')) {
    return {
      result: 'error',
      error: params.get('error') === 'access_denied' ? 'denied' : 'refused',
    };
  }
  const verifier = unseal(deps.secret, VERIFIER_PURPOSE, row.codeVerifierSealed);
  if (!verifier) return { result: 'error', error: 'expired' };
  let tokens: GmailTokenSet;
  try {
    tokens = await deps.oauth.finish(callbackUrl, { state, verifier });
  } catch (error) {
    deps.log?.warn({ reason: providerError(error) }, 'gmail code exchange refused');
    return { result: 'error', error: 'refused' };
  }
  if (!grantsSend(tokens.scope)) {
    // Without the permission to send every send would fail: nothing is kept, and the grant is
    // revoked unless an earlier connection still uses it (Google revokes the whole grant).
    deps.log?.warn({ scope: tokens.scope }, 'gmail connected without the gmail.send scope');
    const token = tokens.refreshToken ?? tokens.accessToken;
    await transaction(deps.db, async (tx) => {
      if (await findTokens(tx, row.userId)) return;
      await enqueueJob(tx, {
        type: GMAIL_REVOKE_JOB,
        payload: {
          token: seal(deps.secret, TOKEN_PURPOSE, token),
          userId: row.userId,
          disconnectedAt: deps.now().toISOString(),
        },
        maxAttempts: 12,
      });
    });
    return { result: 'error', error: 'missing-send-scope' };
  }
  if (!tokens.refreshToken) return { result: 'error', error: 'no-offline' };
  await transaction(deps.db, (tx) =>
    saveTokens(tx, row.userId, {
      userEmail: tokens.email ?? null,
      accessToken: seal(deps.secret, TOKEN_PURPOSE, tokens.accessToken),
      refreshToken: seal(deps.secret, TOKEN_PURPOSE, tokens.refreshToken as string),
      scope: tokens.scope ?? null,
      tokenType: tokens.tokenType,
      expiryDate: tokens.expiresAt ?? null,
    }),
  );
  return { result: 'connected' };
}

export class GmailAccessError extends Error {
  constructor(
    readonly reason: 'not-authorized' | 'outage',
    message: string,
  ) {
    super(message);
    this.name = 'GmailAccessError';
  }
}

/** Refreshed within 5 minutes of expiry (or `force`, after a 401); a refused refresh marks needsReauth. */
export async function accessToken(
  deps: GmailDeps,
  userId: number,
  options: { force?: boolean } = {},
): Promise<{ token: string; email: string | null }> {
  const row = await findTokens(deps.db, userId);
  if (!row || row.needsReauth || !grantsSend(row.scope))
    throw new GmailAccessError('not-authorized', GMAIL_NOT_AUTHORIZED);
  const current = unseal(deps.secret, TOKEN_PURPOSE, row.accessToken);
  const expiring =
    !row.expiryDate || row.expiryDate.getTime() - deps.now().getTime() < REFRESH_MARGIN_MS;
  if (current && !expiring && !options.force) return { token: current, email: row.userEmail };
  const refreshed = await refresh(deps, row);
  return { token: refreshed, email: row.userEmail };
}

async function refresh(deps: GmailDeps, row: GmailTokenRow): Promise<string> {
  const oauth = deps.oauth;
  const refreshToken = row.refreshToken && unseal(deps.secret, TOKEN_PURPOSE, row.refreshToken);
  if (!oauth || !refreshToken) {
    // Sealed under a secret this server no longer has, or never given: only a reconnect helps.
    await markNeedsReauth(deps.db, row.userId, row.accessToken);
    throw new GmailAccessError('not-authorized', GMAIL_NOT_AUTHORIZED);
  }
  let tokens: GmailTokenSet;
  try {
    tokens = await oauth.refresh(refreshToken);
  } catch (error) {
    if (isRefusedGrant(error)) {
      await markNeedsReauth(deps.db, row.userId, row.accessToken);
      throw new GmailAccessError('not-authorized', GMAIL_NOT_AUTHORIZED);
    }
    throw new GmailAccessError('outage', `Gmail could not be reached: ${providerError(error)}`);
  }
  await updateAccessToken(deps.db, row.userId, row.accessToken, {
    accessToken: seal(deps.secret, TOKEN_PURPOSE, tokens.accessToken),
    expiryDate: tokens.expiresAt ?? null,
    ...(tokens.refreshToken
      ? { refreshToken: seal(deps.secret, TOKEN_PURPOSE, tokens.refreshToken) }
      : {}),
  });
  return tokens.accessToken;
}

/** Refreshes a token near expiry, so a revoked grant shows before the user tries to send. */
export async function gmailStatus(deps: GmailDeps, userId: number): Promise<GmailStatus> {
  const configured = deps.oauth !== undefined;
  const row = await findTokens(deps.db, userId);
  if (!row) return { authorized: false, needsReauth: false, email: null, configured };
  // A connection kept from before the granted scopes were checked, without gmail.send.
  let needsReauth = row.needsReauth || !grantsSend(row.scope);
  if (!needsReauth && configured) {
    try {
      await accessToken(deps, userId);
    } catch (error) {
      if (error instanceof GmailAccessError && error.reason === 'not-authorized')
        needsReauth = true;
      else if (!(error instanceof GmailAccessError)) throw error;
    }
  }
  // Tokens kept from before the OAuth client was removed cannot send: not authorized.
  return { authorized: configured && !needsReauth, needsReauth, email: row.userEmail, configured };
}

export async function revokeGmail(deps: GmailDeps, userId: number): Promise<void> {
  await transaction(
    deps.db,
    (tx) => dropConnection(tx, userId, { configured: deps.oauth !== undefined, now: deps.now() }),
    { userId },
  );
}

export async function dropConnection(
  tx: Executor,
  userId: number,
  { configured, now }: { configured: boolean; now: Date },
): Promise<void> {
  const row = await deleteTokens(tx, userId);
  const token = row?.refreshToken ?? row?.accessToken;
  if (token && configured) {
    await enqueueJob(tx, {
      type: GMAIL_REVOKE_JOB,
      payload: { token, userId, disconnectedAt: now.toISOString() },
      maxAttempts: 12,
    });
  }
}
