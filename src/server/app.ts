import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { GmailConfig } from './config.ts';
import type { Database } from './db/open.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { authPlugin, hasSessionCookie } from './features/auth/auth.plugin.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { listenForAuthChanges } from './features/auth/session-cache.ts';
import {
  calendarFeedRoutes,
  calendarFeedSettingsRoutes,
} from './features/calendar-feed/calendar-feed.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { diagnosticsRoutes } from './features/diagnostics/diagnostics.routes.ts';
import { employerGroupsRoutes } from './features/employers/employer-groups.routes.ts';
import { employersRoutes } from './features/employers/employers.routes.ts';
import { gmailRoutes } from './features/gmail/gmail.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { holidaysRoutes } from './features/holidays/holidays.routes.ts';
import { mailSendsRoutes } from './features/mail-sends/mail-sends.routes.ts';
import { notionRoutes } from './features/notion/notion.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { profileImageRoutes } from './features/profile-image/profile-image.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { timerRoutes } from './features/timer/timer.routes.ts';
import { timesheetsRoutes } from './features/timesheets/timesheets.routes.ts';
import { workLogsRoutes } from './features/work-logs/work-logs.routes.ts';
import { buildServices, type Services } from './ops/services.ts';
import { clientDistDir } from './paths.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandlers,
} from './plugins/error-handler.ts';
import { registerNotFound } from './plugins/not-found.ts';
import { securityPlugin } from './plugins/security.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';

export interface AppDeps {
  database: Database;
  secret: Buffer;
  version: string;
  adminEmails?: string[];
  publicUrl?: string | undefined;
  /** Loopback link base when PUBLIC_URL is unset: not an origin the CSRF check accepts. */
  mailLinkUrl?: string | undefined;
  requirePublicUrl?: boolean;
  smtpConfigured?: boolean;
  gmail?: GmailConfig | undefined;
  notionApiUrl?: string | undefined;
  trustProxy?: boolean;
  logger?: FastifyBaseLogger;
  sessionCache?: boolean;
  now?: () => Date;
  clientDir?: string;
  /** Shared with the job worker and closed by their owner; else the app builds its own. */
  services?: Services;
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.trustProxy ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    // Errors before routing, or before a request can be read, get the same `{ code, message }`.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.user?.id,
      },
      'request',
    );
  });
  // The authorization matrix and generated-input tests walk this: no route escapes them.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
    }
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  const clientDir = deps.clientDir ?? clientDistDir;
  const hasClient = existsSync(join(clientDir, 'index.html'));
  registerNotFound(app, { spa: hasClient, clientDir, hasSessionCookie });

  const { db } = deps.database;
  let services = deps.services;
  if (!services) {
    const own = buildServices({
      db,
      secret: deps.secret,
      version: deps.version,
      gmail: deps.gmail,
      notionApiUrl: deps.notionApiUrl,
      now: deps.now,
      sessionCache: deps.sessionCache,
    });
    app.addHook('onClose', () => own.close());
    services = own;
  }
  const { limiter, now, sessionCache: cache } = services;
  const publicOrigin = deps.publicUrl ? new URL(deps.publicUrl).origin : undefined;

  await app.register(securityPlugin, { publicOrigin });
  await app.register(textGuardPlugin);
  if (cache) {
    const listener = listenForAuthChanges(deps.database.url, cache, app.log);
    app.addHook('onClose', () => listener.close());
  }
  await app.register(authPlugin, { db, ...(cache ? { cache } : {}) });

  await app.register(healthRoutes, {
    prefix: '/api/health',
    database: deps.database,
    version: deps.version,
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    db,
    limiter,
    secret: deps.secret,
    adminEmails: deps.adminEmails ?? [],
    now,
    publicUrl: deps.publicUrl ?? deps.mailLinkUrl,
    requirePublicUrl: deps.requirePublicUrl,
    cache,
  });
  const gmailDeps = {
    db,
    secret: deps.secret,
    oauth: services.gmailOAuth,
    now,
    log: app.log,
  };
  await app.register(gmailRoutes, {
    prefix: '/api/auth/gmail',
    ...gmailDeps,
    limiter,
    publicOrigin,
  });
  const gmailConfigured = services.gmail !== undefined;
  const mailSendDeps = { db, secret: deps.secret, limiter, configured: gmailConfigured };
  await app.register(mailSendsRoutes, { prefix: '/api/send-email-gmail', ...mailSendDeps });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    ...mailSendDeps,
    now,
    publicUrl: deps.publicUrl ?? deps.mailLinkUrl,
    requirePublicUrl: deps.requirePublicUrl,
    adminEmails: deps.adminEmails ?? [],
  });
  await app.register(notionRoutes, {
    prefix: '/api/notion',
    db,
    secret: deps.secret,
    limiter,
    api: services.notionApi,
  });
  await app.register(profileImageRoutes, { prefix: '/api/auth', db, limiter });
  await app.register(accountRoutes, {
    prefix: '/api',
    db,
    limiter,
    now,
    gmailConfigured,
  });
  await app.register(settingsRoutes, {
    prefix: '/api/settings',
    db,
    adminEmails: deps.adminEmails ?? [],
  });
  await app.register(diagnosticsRoutes, {
    prefix: '/api/diagnostics',
    database: deps.database,
    version: deps.version,
    smtpConfigured: deps.smtpConfigured ?? false,
    mailLinks: {
      publicUrl: deps.publicUrl ?? deps.mailLinkUrl,
      requirePublicUrl: deps.requirePublicUrl,
    },
    now,
  });
  const { responses } = services;
  await app.register(employersRoutes, { prefix: '/api/employers', db, now, responses });
  await app.register(employerGroupsRoutes, { prefix: '/api/employer-groups', db, responses });
  await app.register(paymentsRoutes, { prefix: '/api/payments', db, now });
  await app.register(workLogsRoutes, { prefix: '/api/work-logs', db, responses });
  await app.register(timerRoutes, { prefix: '/api/timer', db, now, responses });
  await app.register(calendarFeedSettingsRoutes, { prefix: '/api/calendar-feed', db });
  await app.register(calendarFeedRoutes, { prefix: '/api/calendar', db, limiter, now });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', db, now, responses });
  await app.register(holidaysRoutes, { prefix: '/api/holidays' });
  await app.register(timesheetsRoutes, {
    prefix: '/api/timesheets',
    db,
    limiter,
    now,
    responses,
    renderer: services.renderer,
  });

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.includes('/assets/');
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
