import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  settingsSchema,
  updateExportSettingsBodySchema,
  updateGeneralSettingsBodySchema,
  updateGeneralSettingsResponseSchema,
  updateThemeBodySchema,
} from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { toUser } from '../auth/users.repository.ts';
import { getSettings, updateSettings } from './settings.repository.ts';
import { updateGeneralSettings } from './settings.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; adminEmails: string[] }> = async (
  app,
  { db, adminEmails },
) => {
  app.get(
    '/',
    { schema: { response: { 200: settingsSchema, 401: errorBodySchema } } },
    async (request) => getSettings(db, currentUser(request).id),
  );

  app.patch(
    '/general',
    {
      schema: {
        body: updateGeneralSettingsBodySchema,
        response: { 200: updateGeneralSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, settings } = await updateGeneralSettings(
        db,
        currentUser(request).id,
        request.body,
      );
      return { user: toUser(user, adminEmails), settings };
    },
  );

  app.patch(
    '/export',
    {
      schema: {
        body: updateExportSettingsBodySchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(db, currentUser(request).id, request.body),
  );

  app.patch(
    '/theme',
    { schema: { body: updateThemeBodySchema, response: { 200: settingsSchema, ...errors } } },
    async (request) => updateSettings(db, currentUser(request).id, request.body),
  );
};
