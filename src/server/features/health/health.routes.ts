import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/schemas/health.ts';
import type { Database } from '../../db/open.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/error-responses.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: { response: { 200: healthResponseSchema, ...errorResponses(503) } },
    },
    async () => {
      try {
        await database.pool.query('select 1');
      } catch {
        throw new AppError('internal_error', 503, 'The database is not reachable');
      }
      return { status: 'ok' as const, version, database: database.mode };
    },
  );
};
