import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  createWorkLogBodySchema,
  payPreviewBodySchema,
  payPreviewSchema,
  recentQuerySchema,
  updateWorkLogBodySchema,
  workLogIdParamsSchema,
  workLogListQuerySchema,
  workLogListSchema,
  workLogSchema,
  workLogSummarySchema,
} from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { previewShiftPay } from './work-logs.preview.ts';
import { listWorkLogsJson, summarizeWorkLogs } from './work-logs.repository.ts';
import { createWorkLog, removeWorkLog, updateWorkLog } from './work-logs.service.ts';

const errors = errorResponses(400, 401, 404);
/** A save answers 409 `work_log_overlap` for a shift that overlaps another, unless confirmed. */
const saveErrors = errorResponses(400, 401, 404, 409);

export const workLogsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  responses: VersionedResponses;
}> = async (app, { db, responses }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: workLogListQuerySchema,
        response: { 200: workLogListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.send(request, reply, userId, () =>
        listWorkLogsJson(db, userId, request.query),
      );
    },
  );

  /** A shift as typed, priced with the rest of its week; saves nothing. */
  app.post(
    '/pay-preview',
    { schema: { body: payPreviewBodySchema, response: { 200: payPreviewSchema, ...errors } } },
    async (request) => previewShiftPay(db, currentUser(request).id, request.body),
  );

  app.get(
    '/summary',
    {
      schema: {
        querystring: workLogListQuerySchema,
        response: { 200: workLogSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, () =>
        summarizeWorkLogs(db, userId, request.query),
      );
    },
  );

  app.get(
    '/recent',
    { schema: { querystring: recentQuerySchema, response: { 200: workLogListSchema, ...errors } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.send(request, reply, userId, () =>
        listWorkLogsJson(db, userId, { limit: request.query.limit }),
      );
    },
  );

  app.post(
    '/',
    { schema: { body: createWorkLogBodySchema, response: { 201: workLogSchema, ...saveErrors } } },
    async (request, reply) =>
      reply.status(201).send(await createWorkLog(db, currentUser(request).id, request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: workLogIdParamsSchema,
        body: updateWorkLogBodySchema,
        response: { 200: workLogSchema, ...saveErrors },
      },
    },
    async (request) => updateWorkLog(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: workLogIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await removeWorkLog(db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
