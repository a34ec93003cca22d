import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSendTemporaryPasswordBodySchema,
  adminTemporaryPasswordBodySchema,
  adminTemporaryPasswordResponseSchema,
  mailSendSchema,
} from '../../../shared/schemas/mail-account.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { mailLinkBase } from '../../lib/mail-links.ts';
import { currentUser, requireAdmin } from '../auth/auth.plugin.ts';
import {
  type AdminDeps,
  generateTemporaryPassword,
  sendTemporaryPasswordEmail,
} from './admin.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/** docs/product/data.md#access */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps & { adminEmails: string[] }> = async (
  app,
  deps,
) => {
  // Before the body is validated: a non-admin learns nothing from the messages of a bad body.
  app.addHook('preValidation', requireAdmin(deps.adminEmails));

  app.post(
    '/temporary-password',
    {
      schema: {
        body: adminTemporaryPasswordBodySchema,
        response: { 200: adminTemporaryPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return generateTemporaryPassword(deps, currentUser(request), request.body.userEmail);
    },
  );

  app.post(
    '/send-temp-password-email',
    {
      schema: {
        body: adminSendTemporaryPasswordBodySchema,
        response: { 202: mailSendSchema, ...errors },
      },
    },
    async (request, reply) => {
      const send = await sendTemporaryPasswordEmail(
        deps,
        currentUser(request),
        request.body,
        mailLinkBase(deps, request),
      );
      return reply.status(202).send(send);
    },
  );
};
