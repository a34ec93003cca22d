import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  notionConnectBodySchema,
  notionStatusSchema,
  notionSyncSchema,
} from '../../../shared/schemas/notion.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  addMissingProperties,
  connectNotion,
  disconnectNotion,
  type NotionDeps,
  notionStatus,
  retrySync,
  syncOf,
} from './notion.service.ts';

const errors = errorResponses(400, 401, 404, 409, 429, 503);

/** Registered under /api/notion: the user's Notion mirror (connect, properties, disconnect). */
export const notionRoutes: FastifyPluginAsyncZod<NotionDeps> = async (app, deps) => {
  app.get(
    '/',
    { schema: { response: { 200: notionStatusSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return notionStatus(deps, currentUser(request).id);
    },
  );

  app.post(
    '/connect',
    { schema: { body: notionConnectBodySchema, response: { 200: notionStatusSchema, ...errors } } },
    async (request) => connectNotion(deps, currentUser(request).id, request.body),
  );

  app.post(
    '/properties',
    { schema: { response: { 200: notionStatusSchema, ...errors } } },
    async (request) => addMissingProperties(deps, currentUser(request).id),
  );

  app.get(
    '/sync/:id',
    {
      schema: {
        params: idParamsSchema('Invalid work log id'),
        response: { 200: notionSyncSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return syncOf(deps, currentUser(request).id, request.params.id);
    },
  );

  app.post(
    '/sync/:id',
    {
      schema: {
        params: idParamsSchema('Invalid work log id'),
        response: { 200: notionSyncSchema, ...errors },
      },
    },
    async (request) => retrySync(deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/disconnect',
    { schema: { response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await disconnectNotion(deps, currentUser(request).id);
      return { success: true as const };
    },
  );
};
