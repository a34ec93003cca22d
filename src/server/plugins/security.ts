import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_TYPES = ['application/json', 'multipart/form-data'];

export interface SecurityOptions {
  publicOrigin?: string | undefined;
}

function ownOrigin(request: FastifyRequest, publicOrigin?: string): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

export const securityHeaders = helmetHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // HSTS only means something over HTTPS; it is set below when the request is secure.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // The Gmail connection runs in a popup that must be able to tell this window how it went.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
});

/** They must keep the opener to post the outcome back (src/client/public/gmail-callback.js). */
const POPUP_PAGES = new Set(['/gmail-callback.html', '/api/auth/gmail/callback']);

/** API answers carry private data: no shared cache may keep them, no cache may reuse them. */
export const API_CACHE_CONTROL = 'no-store';
export const REVALIDATE_CACHE_CONTROL = 'private, no-cache';

export const isApiUrl = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** By the matched route: the router decodes `/%61pi/employers` into an API route. */
export const isApiRequest = (request: FastifyRequest) =>
  isApiUrl(request.routeOptions.url ?? request.url) || isApiUrl(request.url);

// The same test Fastify makes before parsing one.
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/** CSRF: a state-changing call must not come from another site; its body must be JSON or multipart. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders);
    // The redirect into the page too: browsers apply the policy of every response in the chain.
    if (POPUP_PAGES.has(request.url.split('?')[0] ?? '')) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('cross_site_request', 403, 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin(request, options.publicOrigin)) {
      throw new AppError('cross_site_request', 403, 'Requests from another origin are not allowed');
    }
    if (!hasBody(request)) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!ALLOWED_TYPES.includes(type)) {
      throw new AppError(
        'unsupported_media_type',
        415,
        'Send the request as JSON (Content-Type: application/json)',
      );
    }
  });

  // onSend, so that it holds for every answer: routes, errors, 404s.
  app.addHook('onSend', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const tagged = reply.hasHeader('etag') && reply.statusCode < 400;
    reply.header('cache-control', tagged ? REVALIDATE_CACHE_CONTROL : API_CACHE_CONTROL);
  });
});

/** Once, not per request as @fastify/helmet does (~40 µs each): without nonces they never change. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
