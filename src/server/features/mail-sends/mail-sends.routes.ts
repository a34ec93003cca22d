import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailSendParamsSchema, mailSendSchema } from '../../../shared/schemas/mail-account.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  type Attachment,
  getSend,
  type MailSendDeps,
  queueSend,
  resendUnconfirmed,
} from './mail-sends.service.ts';
import {
  multipartLimits,
  parseSendFields,
  readMultipartSend,
  refuseOversizedBody,
} from './mail-sends.upload.ts';

const errors = errorResponses(400, 401, 404, 409, 413, 429, 503);

/** docs/product/screens.md#talking-to-the-server */
export const mailSendsRoutes: FastifyPluginAsyncZod<MailSendDeps> = async (app, deps) => {
  // Multipart in a context of its own, so no other route takes a form another site could post.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: multipartLimits });
    const withZod = upload.withTypeProvider<ZodTypeProvider>();
    withZod.post(
      '/',
      {
        onRequest: refuseOversizedBody,
        // A JSON body holds the text fields alone; a file only comes as multipart (own limits).
        bodyLimit: 256 * 1024,
        schema: { response: { 202: mailSendSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        let draft: ReturnType<typeof parseSendFields>;
        let attachment: Attachment;
        if (request.isMultipart()) {
          ({ fields: draft, attachment } = await readMultipartSend(request));
        } else {
          draft = parseSendFields(request.body ?? {});
          attachment =
            draft.timesheetId !== undefined
              ? { kind: 'timesheet', timesheetId: draft.timesheetId, name: draft.attachmentName }
              : { kind: 'none' };
        }
        const send = await queueSend(deps, user.id, draft, attachment);
        return reply.status(202).send(send);
      },
    );
  });

  app.post(
    '/:id/resend',
    { schema: { params: mailSendParamsSchema, response: { 202: mailSendSchema, ...errors } } },
    async (request, reply) => {
      const send = await resendUnconfirmed(deps, currentUser(request).id, request.params.id);
      return reply.status(202).send(send);
    },
  );

  app.get(
    '/:id',
    { schema: { params: mailSendParamsSchema, response: { 200: mailSendSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSend(deps.db, currentUser(request).id, request.params.id);
    },
  );
};
