import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { isApiUrl } from './security.ts';

/** pages.json: the public pages rendered at build time; shells.json: each signed-in page's shell. */
function readPrerenderedPages(clientDir: string, list = 'pages.json'): Map<string, string> {
  const file = join(clientDir, 'prerendered', list);
  if (!existsSync(file)) return new Map();
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages));
}

/** `/Login/` → `/login`: paths match in any case, with or without a trailing slash. */
const pageKey = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

function matcher(pattern: string): RegExp {
  const parts = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((part) =>
      part.includes(':')
        ? '[^/]+'
        : part === '*'
          ? '.*'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${parts.join('/')}/?$`);
}

/** Register before the routes, to hear of them (onRoute) for the 405's `Allow`. */
export function registerNotFound(
  app: FastifyInstance,
  options: {
    spa: boolean;
    clientDir?: string;
    hasSessionCookie: (request: FastifyRequest) => boolean;
  },
) {
  const clientDir = options.spa ? options.clientDir : undefined;
  const prerendered = clientDir ? readPrerenderedPages(clientDir) : new Map<string, string>();
  const shells = clientDir
    ? readPrerenderedPages(clientDir, 'shells.json')
    : new Map<string, string>();
  const routes: { test: RegExp; method: string }[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ test: matcher(route.url), method });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = ['GET', 'HEAD'].includes(request.method) && !isApiUrl(path);
    if (options.spa && isPage) {
      reply.header('cache-control', 'no-cache');
      // Decision 020: prerendered pages only for a visitor without a session cookie.
      const key = pageKey(path);
      const page = prerendered.get(key);
      // What is sent depends on the session cookie: a cache must keep the answers apart.
      if (page || shells.has(key)) reply.header('vary', 'Cookie');
      const signedOut = !options.hasSessionCookie(request);
      if (page && signedOut) return reply.type('text/html').sendFile(page);
      // A session's page gets the shell that also preloads that page's code.
      const shell = signedOut ? undefined : shells.get(key);
      return reply.type('text/html').sendFile(shell ?? 'index.html');
    }
    const allowed = [...new Set(routes.filter((r) => r.test.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      throw new AppError(
        'method_not_allowed',
        405,
        `This address does not accept ${request.method} requests`,
        undefined,
        { allow: allowed.sort().join(', ') },
      );
    }
    throw new AppError('not_found', 404, 'There is nothing at this address');
  });
}
