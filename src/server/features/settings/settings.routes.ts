import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { settingsSchema, updateThemeBodySchema } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { currentUser, requireAuth } from '../../plugins/auth.ts';
import { getSettings, updateTheme } from './settings.repository.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', requireAuth);

  app.get(
    '/',
    { schema: { response: { 200: settingsSchema, 401: errorBodySchema } } },
    async (request) => getSettings(db, currentUser(request).id),
  );

  app.patch(
    '/theme',
    {
      schema: {
        body: updateThemeBodySchema,
        response: { 200: settingsSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => updateTheme(db, currentUser(request).id, request.body),
  );
};
