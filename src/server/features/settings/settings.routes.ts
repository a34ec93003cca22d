import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  settingsSchema,
  updateExportSettingsBodySchema,
  updateGeneralSettingsBodySchema,
  updateGeneralSettingsResponseSchema,
  updateThemeBodySchema,
} from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { toUser } from '../auth/users.repository.ts';
import { queueSweep } from '../reminders/reminders.service.ts';
import { getSettings, updateSettings } from './settings.repository.ts';
import { updateGeneralSettings } from './settings.service.ts';

const errors = errorResponses(400, 401);

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; adminEmails: string[] }> = async (
  app,
  { db, adminEmails },
) => {
  app.get(
    '/',
    { schema: { response: { 200: settingsSchema, ...errorResponses(401) } } },
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
    async (request) => {
      const settings = await updateSettings(db, currentUser(request).id, request.body);
      // Reminders switched on: a sweep now, which keeps one going every hour.
      if (request.body.remindTimesheetDue || request.body.remindPaydayMissed) {
        await queueSweep(db, new Date());
      }
      return settings;
    },
  );

  app.patch(
    '/theme',
    { schema: { body: updateThemeBodySchema, response: { 200: settingsSchema, ...errors } } },
    async (request) => updateSettings(db, currentUser(request).id, request.body),
  );
};
