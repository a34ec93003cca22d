import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  changeEmailBodySchema,
  messageResponseSchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from '../../../shared/schemas/auth.ts';
import { currentUser, requireAuth } from '../../plugins/auth.ts';
import {
  type EmailChangeDeps,
  requestEmailChange,
  verifyEmailChange,
} from './email-change.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema };

/** Registered under /api/auth by authRoutes: changing the e-mail through a mailed link. */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeDeps> = async (app, deps) => {
  app.addHook('preHandler', requireAuth);

  app.post(
    '/change-email',
    {
      schema: {
        body: changeEmailBodySchema,
        response: { 200: messageResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { newEmail } = request.body;
      await requestEmailChange(deps, currentUser(request).id, newEmail, {
        origin: `${request.protocol}://${request.host}`,
      });
      return {
        success: true as const,
        message: `We sent a verification link to ${newEmail}. Open it to finish the change.`,
      };
    },
  );

  app.get(
    '/verify-email',
    {
      schema: {
        querystring: verifyEmailQuerySchema,
        response: { 200: verifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const newEmail = await verifyEmailChange(deps, currentUser(request).id, request.query.token);
      return { success: true as const, message: 'Email Changed Successfully', newEmail };
    },
  );
};
