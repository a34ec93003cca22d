import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  createPaymentBodySchema,
  ledgerSchema,
  paymentFileSchema,
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
import { attachPaymentFile, paymentFile, removePaymentFile } from './payment-file.service.ts';
import {
  multipartLimits,
  readPaymentFileUpload,
  refuseOversizedBody,
  sendUploadedFile,
} from './payment-file.upload.ts';
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

  // The pay stub or invoice (decision 043). Multipart in a context of its own, so no other route
  // takes a form another site could post.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: multipartLimits });
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/:id/file',
      {
        onRequest: refuseOversizedBody,
        schema: {
          params: paymentIdParamsSchema,
          response: { 200: paymentFileSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        const file = await readPaymentFileUpload(request);
        return attachPaymentFile(db, currentUser(request).id, request.params.id, file);
      },
    );
  });

  app.get(
    '/:id/file',
    {
      schema: {
        params: paymentIdParamsSchema,
        response: { 200: z.instanceof(Buffer), ...errors },
      },
    },
    async (request, reply) => {
      const file = await paymentFile(db, currentUser(request).id, request.params.id);
      return sendUploadedFile(reply, file, 'pay-stub');
    },
  );

  app.delete(
    '/:id/file',
    {
      schema: { params: paymentIdParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await removePaymentFile(db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
