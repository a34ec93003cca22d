import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  dashboardPeriodQuerySchema,
  dashboardSeriesSchema,
  dashboardStatsSchema,
} from '../../../shared/schemas/dashboard.ts';
import { workLogListSchema } from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { sendJsonText } from '../../lib/send-json-text.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dashboardSeries, dashboardStats, recentWorkLogsJson } from './dashboard.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/stats',
    {
      schema: {
        querystring: dashboardPeriodQuerySchema,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    async (request) => dashboardStats(db, currentUser(request).id, request.query.period, now()),
  );

  app.get(
    '/weekly-hours',
    {
      schema: {
        querystring: dashboardPeriodQuerySchema,
        response: { 200: dashboardSeriesSchema, ...errors },
      },
    },
    async (request) => dashboardSeries(db, currentUser(request).id, request.query.period, now()),
  );

  app.get(
    '/recent-work-logs',
    { schema: { response: { 200: workLogListSchema, ...errors } } },
    async (request, reply) =>
      sendJsonText(reply, await recentWorkLogsJson(db, currentUser(request).id)),
  );
};
