import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEmployerGroupBodySchema,
  employerGroupIdParamsSchema,
  employerGroupListSchema,
  employerGroupSavedSchema,
  updateEmployerGroupBodySchema,
} from '../../../shared/schemas/employer-groups.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './employer-groups.service.ts';

const errors = errorResponses(400, 401, 404);
const writeErrors = errorResponses(400, 401, 404, 409);
const repaidSchema = employerGroupSavedSchema.shape.repaid;

/** Employers counted as one for overtime (decision 040). */
export const employerGroupsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  responses: VersionedResponses;
}> = async (app, { db, responses }) => {
  app.get(
    '/',
    { schema: { response: { 200: employerGroupListSchema, ...errors } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, () => listGroups(db, userId));
    },
  );

  app.post(
    '/',
    {
      schema: {
        body: createEmployerGroupBodySchema,
        response: { 201: employerGroupSavedSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(db, currentUser(request).id, request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: employerGroupIdParamsSchema,
        body: updateEmployerGroupBodySchema,
        response: { 200: employerGroupSavedSchema, ...writeErrors },
      },
    },
    async (request) => updateGroup(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        params: employerGroupIdParamsSchema,
        response: { 200: repaidSchema, ...errors },
      },
    },
    async (request) => deleteGroup(db, currentUser(request).id, request.params.id),
  );
};
