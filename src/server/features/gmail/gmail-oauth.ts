import * as oidc from 'openid-client';
import type { GmailConfig } from '../../config.ts';

/**
 * The OAuth 2.0 side of the Gmail connection (docs/decisions/017-gmail-mailbox-and-admin-passwords.md), through openid-client:
 * authorization code with PKCE (S256), offline access for a refresh token, and revocation.
 * The endpoints come from configuration, so tests run against a local OAuth server.
 */

/** The one Gmail permission Hourbook needs: send mail as the user (nothing to read). */
export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';

/** Send mail as the user; `openid email` only to learn which address was connected. */
export const GMAIL_SCOPES = `openid email ${GMAIL_SEND_SCOPE}`;

/**
 * Whether a grant lets Hourbook send. Google's consent screen lets the user untick each scope,
 * and the token endpoint's `scope` says what was granted. A token answer without `scope` was
 * granted as asked (RFC 6749 §5.1).
 */
export function grantsSend(scope: string | null | undefined): boolean {
  if (scope === null || scope === undefined) return true;
  return scope.split(/\s+/).includes(GMAIL_SEND_SCOPE);
}

/** How long a call to the provider may take before it counts as an outage. */
const PROVIDER_TIMEOUT_MS = 15_000;

export interface GmailTokenSet {
  accessToken: string;
  /** Google sends it on the first consent (prompt=consent) and not on refreshes. */
  refreshToken: string | undefined;
  scope: string | undefined;
  tokenType: string;
  expiresAt: Date | undefined;
  /** The connected address, from the ID token, when the provider gave one. */
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

  /** A new verifier and state, and the consent page's address that carries their proofs. */
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

  /** Trades the code for tokens; the provider checks the verifier against the challenge. */
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

/**
 * Whether the provider refused the grant for good (revoked, expired, wrong client): the user must
 * connect again. Anything else (network, 5xx) is an outage, tried again later.
 */
export function isRefusedGrant(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) {
    return ['invalid_grant', 'unauthorized_client', 'invalid_client'].includes(error.error);
  }
  return false;
}

/** The provider's own words for a refusal, or a plain description of the failure. */
export function providerError(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError)
    return error.error_description ?? error.error;
  if (error instanceof oidc.ResponseBodyError) return error.error_description ?? error.error;
  return error instanceof Error ? error.message : String(error);
}
