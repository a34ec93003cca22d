import * as oidc from 'openid-client';
import type { GmailConfig } from '../../config.ts';

// OAuth with PKCE through openid-client: decision 017.

export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';

/** Send mail as the user; `openid email` only to learn which address was connected. */
export const GMAIL_SCOPES = `openid email ${GMAIL_SEND_SCOPE}`;

/** The user may untick each scope; an answer without `scope` was granted as asked (RFC 6749 §5.1). */
export function grantsSend(scope: string | null | undefined): boolean {
  if (scope === null || scope === undefined) return true;
  return scope.split(/\s+/).includes(GMAIL_SEND_SCOPE);
}

const PROVIDER_TIMEOUT_MS = 15_000;

export interface GmailTokenSet {
  accessToken: string;
  /** Google sends it on the first consent (prompt=consent) and not on refreshes. */
  refreshToken: string | undefined;
  scope: string | undefined;
  tokenType: string;
  expiresAt: Date | undefined;
  email: string | undefined;
}

export class GmailOAuth {
  readonly #config: oidc.Configuration;

  constructor(gmail: GmailConfig) {
    this.#config = new oidc.Configuration(
      {
        issuer: gmail.issuer,
        authorization_endpoint: gmail.authorizationEndpoint,
        token_endpoint: gmail.tokenEndpoint,
        revocation_endpoint: gmail.revocationEndpoint,
      },
      gmail.clientId,
      { client_secret: gmail.clientSecret, id_token_signed_response_alg: 'RS256' },
      oidc.ClientSecretPost(gmail.clientSecret),
    );
    this.#config.timeout = PROVIDER_TIMEOUT_MS / 1000;
    // Loopback providers in tests (and a proxy on a private network) speak plain HTTP.
    if (new URL(gmail.tokenEndpoint).protocol === 'http:') oidc.allowInsecureRequests(this.#config);
  }

  async start(redirectUri: string): Promise<{ url: string; state: string; verifier: string }> {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(this.#config, {
      redirect_uri: redirectUri,
      scope: GMAIL_SCOPES,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      // A refresh token, every time: without prompt=consent Google sends it only once.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    });
    return { url: url.href, state, verifier };
  }

  async finish(
    callbackUrl: URL,
    checks: { state: string; verifier: string },
  ): Promise<GmailTokenSet> {
    const tokens = await oidc.authorizationCodeGrant(this.#config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.verifier,
      idTokenExpected: false,
    });
    return tokenSet(tokens);
  }

  async refresh(refreshToken: string): Promise<GmailTokenSet> {
    return tokenSet(await oidc.refreshTokenGrant(this.#config, refreshToken));
  }

  async revoke(token: string): Promise<void> {
    await oidc.tokenRevocation(this.#config, token);
  }
}

function tokenSet(
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): GmailTokenSet {
  const expiresIn = tokens.expiresIn();
  const claims = tokens.id_token ? tokens.claims() : undefined;
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    scope: tokens.scope,
    tokenType: tokens.token_type ?? 'Bearer',
    expiresAt: expiresIn === undefined ? undefined : new Date(Date.now() + expiresIn * 1000),
    email,
  };
}

/** Refused for good (revoked, expired, wrong client): connect again. Anything else is an outage. */
export function isRefusedGrant(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) {
    return ['invalid_grant', 'unauthorized_client', 'invalid_client'].includes(error.error);
  }
  return false;
}

export function providerError(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError)
    return error.error_description ?? error.error;
  if (error instanceof oidc.ResponseBodyError) return error.error_description ?? error.error;
  return error instanceof Error ? error.message : String(error);
}
