import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { diagnosticsResponseSchema } from '../../../shared/schemas/diagnostics.ts';
import type { Database } from '../../db/open.ts';
import { gmailTokens, settings } from '../../db/schema/index.ts';
import { currentUser } from '../../plugins/auth.ts';

export interface DiagnosticsDeps {
  database: Database;
  version: string;
  smtpConfigured: boolean;
  now: () => Date;
}

/** GET /api/diagnostics: the signed-in /test page (DESIGN.md §7, deviation 6). */
export const diagnosticsRoutes: FastifyPluginAsyncZod<DiagnosticsDeps> = async (app, deps) => {
  const { db } = deps.database;
  app.get(
    '/',
    { schema: { response: { 200: diagnosticsResponseSchema, 401: errorBodySchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      const [[mail], [notion]] = await Promise.all([
        db
          .select({ needsReauth: gmailTokens.needsReauth })
          .from(gmailTokens)
          .where(eq(gmailTokens.userId, userId)),
        db
          .select({ token: settings.notionTokenEncrypted, database: settings.notionDatabaseId })
          .from(settings)
          .where(eq(settings.userId, userId)),
      ]);
      return {
        version: deps.version,
        database: deps.database.mode,
        instanceMail: deps.smtpConfigured ? ('smtp' as const) : ('outbox' as const),
        mailAccount: !mail
          ? ('not-connected' as const)
          : mail.needsReauth
            ? ('needs-reauth' as const)
            : ('connected' as const),
        notion:
          notion?.token && notion.database ? ('connected' as const) : ('not-connected' as const),
        serverTime: deps.now().toISOString(),
      };
    },
  );
};
