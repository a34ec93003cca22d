import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  changePreviewSchema,
  createEmployerBodySchema,
  employerIdParamsSchema,
  employerListSchema,
  employerSchema,
  rateHistorySchema,
  updateEmployerBodySchema,
} from '../../../shared/schemas/employers.ts';
import {
  addEmployerHolidayBodySchema,
  employerHolidayParamsSchema,
  employerHolidaysQuerySchema,
  employerHolidaysResponseSchema,
} from '../../../shared/schemas/holidays.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { listEmployers } from './employers.repository.ts';
import {
  addEmployer,
  addHolidayOf,
  changeEmployer,
  holidaysOf,
  previewEmployerChange,
  rateHistoryOf,
  removeEmployer,
  removeHolidayOf,
} from './employers.service.ts';

const errors = errorResponses(400, 401, 404);
const writeErrors = errorResponses(400, 401, 404, 409);

export const employersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  responses: VersionedResponses;
}> = async (app, { db, now, responses }) => {
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
    async (request) =>
      changeEmployer(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  /** What the same PATCH would do to the shifts already logged; changes nothing. */
  app.post(
    '/:id/change-preview',
    {
      schema: {
        params: employerIdParamsSchema,
        body: updateEmployerBodySchema,
        response: { 200: changePreviewSchema, ...errors },
      },
    },
    async (request) =>
      previewEmployerChange(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  app.get(
    '/:id/rate-history',
    {
      schema: {
        params: employerIdParamsSchema,
        response: { 200: rateHistorySchema, ...errors },
      },
    },
    async (request) => rateHistoryOf(db, currentUser(request).id, request.params.id),
  );

  /** The employer's holiday dates in a year: its country's public holidays and its own. */
  app.get(
    '/:id/holidays',
    {
      schema: {
        params: employerIdParamsSchema,
        querystring: employerHolidaysQuerySchema,
        response: { 200: employerHolidaysResponseSchema, ...errors },
      },
    },
    async (request) =>
      holidaysOf(db, currentUser(request).id, request.params.id, request.query.year),
  );

  app.post(
    '/:id/holidays',
    {
      schema: {
        params: employerIdParamsSchema,
        body: addEmployerHolidayBodySchema,
        response: { 200: employerHolidaysResponseSchema, ...errors },
      },
    },
    async (request) => addHolidayOf(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id/holidays/:date',
    {
      schema: {
        params: employerHolidayParamsSchema,
        response: { 200: employerHolidaysResponseSchema, ...errors },
      },
    },
    async (request) =>
      removeHolidayOf(db, currentUser(request).id, request.params.id, request.params.date),
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
