import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  generateTimesheetBodySchema,
  generateTimesheetResponseSchema,
  timesheetListQuerySchema,
  timesheetListResponseSchema,
  upcomingTimesheetsResponseSchema,
} from '../../../shared/schemas/timesheets.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { contentDisposition } from './file-name.ts';
import type { DocumentRenderer } from './renderer.ts';
import { listTimesheets } from './timesheets.repository.ts';
import {
  generateTimesheet,
  removeTimesheet,
  timesheetDocument,
  upcomingTimesheets,
} from './timesheets.service.ts';

const errors = errorResponses(400, 401, 404);
const timesheetIdParamsSchema = idParamsSchema('Invalid timesheet id');

export const timesheetsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
  responses: VersionedResponses;
  /** The process's PDF renderer (ops/services.ts), closed by its owner. */
  renderer: DocumentRenderer;
}> = async (app, { db, limiter, now, responses, renderer }) => {
  const deps = { db, limiter, renderer, now };

  app.post(
    '/generate',
    {
      schema: {
        body: generateTimesheetBodySchema,
        response: { 201: generateTimesheetResponseSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await generateTimesheet(deps, currentUser(request), request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        querystring: timesheetListQuerySchema,
        response: { 200: timesheetListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, async () => {
        const { page, pageSize } = request.query;
        const list = await listTimesheets(db, userId, {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        return { ...list, page, pageSize };
      });
    },
  );

  app.get(
    '/upcoming',
    { schema: { response: { 200: upcomingTimesheetsResponseSchema, ...errors } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, () => upcomingTimesheets(deps, userId), {
        today: true,
      });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        params: timesheetIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeTimesheet(db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/:id/download',
    {
      schema: {
        params: timesheetIdParamsSchema,
        response: { 200: z.instanceof(Buffer), ...errors },
      },
      // Runs after the security plugin's onSend (no-store): a private file, never cached.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const document = await timesheetDocument(db, currentUser(request).id, request.params.id);
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', contentDisposition(document.fileName))
        .header('content-length', document.content.length)
        .send(document.content);
    },
  );
};
