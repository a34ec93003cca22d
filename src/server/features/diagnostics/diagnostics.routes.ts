import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diagnosticsResponseSchema } from '../../../shared/schemas/diagnostics.ts';
import type { Database } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { canMailLinks, type MailLinkOptions } from '../../lib/mail-links.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { connectionStates } from './diagnostics.repository.ts';

export interface DiagnosticsDeps {
  database: Database;
  version: string;
  smtpConfigured: boolean;
  mailLinks: MailLinkOptions;
  now: () => Date;
}

/** GET /api/diagnostics: the signed-in /test page (docs/product/deviations.md#6-test-is-a-diagnostics-page). */
export const diagnosticsRoutes: FastifyPluginAsyncZod<DiagnosticsDeps> = async (app, deps) => {
  app.get(
    '/',
    { schema: { response: { 200: diagnosticsResponseSchema, ...errorResponses(401) } } },
    async (request) => ({
      version: deps.version,
      database: deps.database.mode,
      instanceMail: deps.smtpConfigured ? ('smtp' as const) : ('outbox' as const),
      mailLinks: deps.mailLinks.publicUrl
        ? ('public-url' as const)
        : canMailLinks(deps.mailLinks)
          ? ('request-host' as const)
          : ('missing' as const),
      ...(await connectionStates(deps.database.db, currentUser(request).id)),
      serverTime: deps.now().toISOString(),
    }),
  );
};
