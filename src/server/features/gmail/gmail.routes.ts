import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  gmailAuthUrlResponseSchema,
  gmailStatusSchema,
} from '../../../shared/schemas/mail-account.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  finishAuthorization,
  type GmailDeps,
  gmailStatus,
  revokeGmail,
  startAuthorization,
} from './gmail.service.ts';

export type GmailRoutesOptions = GmailDeps & {
  limiter: RateLimiter;
  /** Else the request's own origin. The redirect URL registered at Google. */
  publicOrigin: string | undefined;
};

/** Tells the opener and closes the popup (src/client/public). */
export const CALLBACK_PAGE = '/gmail-callback.html';
export const CALLBACK_PATH = '/api/auth/gmail/callback';

const STARTS_PER_USER = { perMinute: 20, perHour: 100 };

const errors = errorResponses(401, 429, 503);

/** docs/product/screens.md#talking-to-the-server */
export const gmailRoutes: FastifyPluginAsyncZod<GmailRoutesOptions> = async (app, deps) => {
  const origin = (request: FastifyRequest) =>
    deps.publicOrigin ?? `${request.protocol}://${request.host}`;
  const redirectUri = (request: FastifyRequest) => `${origin(request)}${CALLBACK_PATH}`;

  app.get(
    '/',
    { schema: { response: { 200: gmailAuthUrlResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = currentUser(request);
      await takeTokenOr429(deps.limiter, `gmail-start:user:${user.id}`, STARTS_PER_USER, {
        minute: 'Too many Gmail connection attempts. Please wait a minute and try again.',
        hour: 'Too many Gmail connection attempts. Please try again later.',
      });
      const authUrl = await startAuthorization(
        deps,
        { userId: user.id, sessionToken: request.sessionToken as string },
        redirectUri(request),
      );
      reply.header('cache-control', 'no-store');
      return { authUrl };
    },
  );

  // Public: a signed-out popup must still be told what happened. The state is checked
  // against this browser's session.
  app.get('/callback', { config: { public: true } }, async (request, reply) => {
    const url = new URL(request.url, redirectUri(request));
    // The provider is given the exact redirect URL it was sent, whatever Host this came by.
    const callbackUrl = new URL(`${redirectUri(request)}${url.search}`);
    const outcome = await finishAuthorization(
      deps,
      request.user ? request.sessionToken : null,
      callbackUrl,
    );
    const query = new URLSearchParams(
      outcome.result === 'connected'
        ? { result: 'connected' }
        : { result: 'error', error: outcome.error },
    );
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${CALLBACK_PAGE}?${query}`, 303);
  });

  app.get(
    '/status',
    { schema: { response: { 200: gmailStatusSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gmailStatus(deps, currentUser(request).id);
    },
  );

  app.post(
    '/revoke',
    { schema: { response: { 200: okResponseSchema, ...errorResponses(401) } } },
    async (request) => {
      await revokeGmail(deps, currentUser(request).id);
      return { success: true as const };
    },
  );
};
