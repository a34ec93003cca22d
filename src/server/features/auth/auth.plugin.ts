import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/open.ts';
import { AppError, unauthenticated } from '../../errors.ts';
import { isApiRequest } from '../../plugins/security.ts';
import type { SessionCache } from './session-cache.ts';
import { ABSOLUTE_TTL_MS, findSessionUser } from './sessions.repository.ts';
import { isAdminUser, type SessionUser } from './users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** Anyone may call it; every other `/api/*` route answers 401 when signed out. */
    public?: boolean;
  }
}

/** Over HTTPS the cookie gets the __Host- prefix: Secure, no Domain, Path=/ (RFC 6265bis). */
export const cookieName = (request: FastifyRequest, base: string) =>
  request.protocol === 'https' ? `__Host-${base}` : base;

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
  value: string,
  maxAgeMs: number,
) {
  reply.setCookie(cookieName(request, base), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, base: string) {
  reply.clearCookie(cookieName(request, base), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export const SESSION_COOKIE = 'sid';

export const hasSessionCookie = (request: FastifyRequest) =>
  Boolean(request.cookies?.[cookieName(request, SESSION_COOKIE)]);

/** The lists and stats kept to revalidate go too (lib/versioned-responses.ts). */
export function endBrowserSession(request: FastifyRequest, reply: FastifyReply) {
  clearCookie(request, reply, SESSION_COOKIE);
  reply.header('clear-site-data', '"cache"');
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, SESSION_COOKIE, token, ABSOLUTE_TTL_MS);
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; cache?: SessionCache }) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    // Read your own writes here; other instances hear of it through NOTIFY.
    app.addHook('onSend', async (request) => {
      if (request.user && request.method !== 'GET' && request.method !== 'HEAD') {
        options.cache?.drop(`u:${request.user.id}`);
      }
    });
    // Settled before the body is parsed: a signed-out call gets 401 whatever it sent.
    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request)) return;
      const token = request.cookies[cookieName(request, SESSION_COOKIE)];
      if (token && token.length <= 100) {
        const isPublic = request.routeOptions.config.public === true;
        // Only reads use the cache: a write always finds its session in the database, so a
        // session ended on another instance changes nothing before its NOTIFY arrives (decision 006).
        const reads = request.method === 'GET' || request.method === 'HEAD';
        const cache = reads ? options.cache : undefined;
        // A public route (health) answers for itself when the database is down.
        const user = await findSessionUser(options.db, token, cache).catch((error) => {
          if (isPublic) return null;
          throw error;
        });
        if (user) {
          request.user = user;
          request.sessionToken = token;
        }
      }
      if (!request.user && !request.is404 && !request.routeOptions.config.public) {
        throw unauthenticated();
      }
    });
  },
);

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The one guard of administrator routes (docs/product/data.md#access). */
export function requireAdmin(adminEmails: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isAdminUser(currentUser(request), adminEmails)) {
      throw new AppError('forbidden', 403, 'Only administrators can do this');
    }
  };
}
