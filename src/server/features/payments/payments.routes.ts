import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  createPaymentBodySchema,
  ledgerSchema,
  paymentIdParamsSchema,
  paymentListSchema,
  paymentSavedSchema,
  periodRefSchema,
  reopenPeriodBodySchema,
  updatePaymentBodySchema,
} from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  closePeriod,
  createPayment,
  deletePayment,
  ledger,
  listPayments,
  reopenPeriod,
  updatePayment,
} from './payments.service.ts';

const errors = errorResponses(400, 401, 404);

/** Payments received and each employer's pay periods: "was I paid right?" (decision 041). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get('/ledger', { schema: { response: { 200: ledgerSchema, ...errors } } }, async (request) =>
    ledger(db, currentUser(request).id, now()),
  );

  /** Closes an ended pay period of an employer: its shifts are locked until it is reopened. */
  app.post(
    '/periods/close',
    {
      schema: {
        body: periodRefSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await closePeriod(db, currentUser(request).id, request.body, now());
      return { success: true as const };
    },
  );

  app.post(
    '/periods/reopen',
    {
      schema: { body: reopenPeriodBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await reopenPeriod(db, currentUser(request).id, request.body);
      return { success: true as const };
    },
  );

  app.get('/', { schema: { response: { 200: paymentListSchema, ...errors } } }, async (request) =>
    listPayments(db, currentUser(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        body: createPaymentBodySchema,
        response: { 201: paymentSavedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPayment(db, currentUser(request).id, request.body, now())),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: paymentIdParamsSchema,
        body: updatePaymentBodySchema,
        response: { 200: paymentSavedSchema, ...errors },
      },
    },
    async (request) =>
      updatePayment(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  app.delete(
    '/:id',
    {
      schema: { params: paymentIdParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deletePayment(db, currentUser(request).id, request.params.id, now());
      return { success: true as const };
    },
  );
};
