import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_MESSAGES } from '../../../shared/payment-file.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { uploadedFileSchema } from '../../../shared/schemas/uploaded-file.ts';
import { weekSaveBodySchema, weekSaveResultSchema } from '../../../shared/schemas/week-save.ts';
import {
  bulkWorkLogsBodySchema,
  bulkWorkLogsResultSchema,
  createWorkLogBodySchema,
  deleteWorkLogResultSchema,
  duplicateWorkLogBodySchema,
  payPreviewBodySchema,
  payPreviewSchema,
  recentQuerySchema,
  restoreWorkLogsBodySchema,
  restoreWorkLogsResultSchema,
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
import {
  multipartLimits,
  readPaymentFileUpload,
  refuseOversizedBody,
  sendUploadedFile,
} from '../payments/payment-file.upload.ts';
import { attachReceipt, receiptOf, removeReceipt } from './work-log-receipt.service.ts';
import { previewShiftPay } from './work-logs.preview.ts';
import { listWorkLogsJson, summarizeWorkLogs } from './work-logs.repository.ts';
import {
  bulkWorkLogs,
  createWorkLog,
  duplicateWorkLog,
  removeWorkLog,
  saveWeek,
  updateWorkLog,
} from './work-logs.service.ts';
import { restoreWorkLogs } from './work-logs.undo.ts';

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

  /** Copies of a shift on other dates, all saved or none (the refusal names the day). */
  app.post(
    '/:id/duplicate',
    {
      schema: {
        params: workLogIdParamsSchema,
        body: duplicateWorkLogBodySchema,
        response: { 201: workLogListSchema, ...saveErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await duplicateWorkLog(
            db,
            currentUser(request).id,
            request.params.id,
            request.body.dates,
          ),
        ),
  );

  /** Delete the selected shifts, or move them to an employer or department: all or none. */
  app.post(
    '/bulk',
    {
      schema: {
        body: bulkWorkLogsBodySchema,
        response: { 200: bulkWorkLogsResultSchema, ...saveErrors },
      },
    },
    async (request) => bulkWorkLogs(db, currentUser(request).id, request.body),
  );

  /**
   * Undo of a delete: the shifts back exactly as they were, all or none; 404 once the token is
   * used, expired or another user's; 409 when one would now overlap a newer shift or lie in a
   * closed pay period.
   */
  app.post(
    '/restore',
    {
      schema: {
        body: restoreWorkLogsBodySchema,
        response: { 200: restoreWorkLogsResultSchema, ...saveErrors },
      },
    },
    async (request) => restoreWorkLogs(db, currentUser(request).id, request.body.token),
  );

  /** The week grid's new, changed and cleared shifts in one transaction (decision 049). */
  app.post(
    '/week',
    {
      schema: {
        body: weekSaveBodySchema,
        response: { 200: weekSaveResultSchema, ...saveErrors },
      },
    },
    async (request) => saveWeek(db, currentUser(request).id, request.body),
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
    {
      schema: {
        params: workLogIdParamsSchema,
        response: { 200: deleteWorkLogResultSchema, ...saveErrors },
      },
    },
    async (request) => ({
      success: true as const,
      undoToken: await removeWorkLog(db, currentUser(request).id, request.params.id),
    }),
  );

  // The receipt of the shift's expense (decision 046), checked and served like a pay stub.
  // Multipart in a context of its own, so no other route takes a form another site could post.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: multipartLimits });
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/:id/receipt',
      {
        onRequest: refuseOversizedBody,
        schema: {
          params: workLogIdParamsSchema,
          response: { 200: uploadedFileSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        const file = await readPaymentFileUpload(request, RECEIPT_UPLOAD);
        return attachReceipt(db, currentUser(request).id, request.params.id, file);
      },
    );
  });

  app.get(
    '/:id/receipt',
    {
      schema: {
        params: workLogIdParamsSchema,
        response: { 200: z.instanceof(Buffer), ...errors },
      },
    },
    async (request, reply) => {
      const file = await receiptOf(db, currentUser(request).id, request.params.id);
      return sendUploadedFile(reply, file, RECEIPT_UPLOAD.fallbackName);
    },
  );

  app.delete(
    '/:id/receipt',
    { schema: { params: workLogIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await removeReceipt(db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};

const RECEIPT_UPLOAD = { messages: RECEIPT_MESSAGES, fallbackName: 'receipt' };
