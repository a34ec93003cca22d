import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardPeriodQuerySchema,
  dashboardSeriesSchema,
  dashboardStatsSchema,
} from '../../../shared/schemas/dashboard.ts';
import { workLogListSchema } from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { dashboardSeries, dashboardStats, recentWorkLogsJson } from './dashboard.service.ts';

const errors = errorResponses(400, 401);

export const dashboardRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  responses: VersionedResponses;
}> = async (app, { db, now, responses }) => {
  // "This week" and the like move with the user's date: their tags change with it.
  const today = { today: true };
  app.get(
    '/stats',
    {
      schema: {
        querystring: dashboardPeriodQuerySchema,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(
        request,
        reply,
        userId,
        () => dashboardStats(db, userId, request.query.period, now()),
        today,
      );
    },
  );

  app.get(
    '/weekly-hours',
    {
      schema: {
        querystring: dashboardPeriodQuerySchema,
        response: { 200: dashboardSeriesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(
        request,
        reply,
        userId,
        () => dashboardSeries(db, userId, request.query.period, now()),
        today,
      );
    },
  );

  app.get(
    '/recent-work-logs',
    { schema: { response: { 200: workLogListSchema, ...errors } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.send(request, reply, userId, () => recentWorkLogsJson(db, userId));
    },
  );
};
