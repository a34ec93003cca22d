import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  createEmployerBodySchema,
  employerIdParamsSchema,
  employerListSchema,
  employerSchema,
  updateEmployerBodySchema,
} from '../../../shared/schemas/employers.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { listEmployers } from './employers.repository.ts';
import { addEmployer, changeEmployer, removeEmployer } from './employers.service.ts';

const errors = errorResponses(400, 401, 404);
const writeErrors = errorResponses(400, 401, 404, 409);

export const employersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  responses: VersionedResponses;
}> = async (app, { db, responses }) => {
  app.get(
    '/',
    { schema: { response: { 200: employerListSchema, ...errors } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, () => listEmployers(db, userId));
    },
  );

  app.post(
    '/',
    {
      schema: { body: createEmployerBodySchema, response: { 201: employerSchema, ...writeErrors } },
    },
    async (request, reply) =>
      reply.status(201).send(await addEmployer(db, currentUser(request).id, request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: employerIdParamsSchema,
        body: updateEmployerBodySchema,
        response: { 200: employerSchema, ...writeErrors },
      },
    },
    async (request) => changeEmployer(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: employerIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await removeEmployer(db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
