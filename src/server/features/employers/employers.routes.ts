import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  createEmployerBodySchema,
  employerIdParamsSchema,
  employerListSchema,
  employerSchema,
  updateEmployerBodySchema,
} from '../../../shared/schemas/employers.ts';
import type { Db } from '../../db/open.ts';
import { notFound } from '../../errors.ts';
import { currentUser, requireAuth } from '../../plugins/auth.ts';
import {
  createEmployer,
  deleteEmployer,
  listEmployers,
  updateEmployer,
} from './employers.repository.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const employerNotFound = () => notFound('Employer not found');

export const employersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', requireAuth);

  app.get('/', { schema: { response: { 200: employerListSchema, ...errors } } }, async (request) =>
    listEmployers(db, currentUser(request).id),
  );

  app.post(
    '/',
    { schema: { body: createEmployerBodySchema, response: { 201: employerSchema, ...errors } } },
    async (request, reply) => {
      const employer = await createEmployer(db, currentUser(request).id, request.body);
      return reply.status(201).send(employer);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: employerIdParamsSchema,
        body: updateEmployerBodySchema,
        response: { 200: employerSchema, ...errors },
      },
    },
    async (request) => {
      const employer = await updateEmployer(
        db,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      if (!employer) throw employerNotFound();
      return employer;
    },
  );

  app.delete(
    '/:id',
    { schema: { params: employerIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      if (!(await deleteEmployer(db, currentUser(request).id, request.params.id)))
        throw employerNotFound();
      return { success: true as const };
    },
  );
};
