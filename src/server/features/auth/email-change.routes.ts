import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailBodySchema,
  messageResponseSchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from '../../../shared/schemas/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { mailLinkBase } from '../../lib/mail-links.ts';
import { currentUser } from './auth.plugin.ts';
import {
  type EmailChangeDeps,
  requestEmailChange,
  verifyEmailChange,
} from './email-change.service.ts';
import { requestEmailConfirmation } from './email-confirmation.service.ts';

const errors = errorResponses(400, 401, 409);
// 503: production without PUBLIC_URL, where no link can be mailed (lib/mail-links.ts).
const mailing = errorResponses(400, 401, 409, 429, 503);

export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeDeps> = async (app, deps) => {
  app.post(
    '/change-email',
    {
      schema: {
        body: changeEmailBodySchema,
        response: { 200: messageResponseSchema, ...mailing },
      },
    },
    async (request) => {
      const { newEmail } = request.body;
      await requestEmailChange(deps, currentUser(request).id, newEmail, {
        baseUrl: mailLinkBase(deps, request),
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
      const { kind, email } = await verifyEmailChange(
        deps,
        currentUser(request).id,
        request.query.token,
      );
      const message = kind === 'changed' ? 'Email Changed Successfully' : 'Email address confirmed';
      return { success: true as const, message, newEmail: email, kind };
    },
  );

  // Proves the account's own address (ADMIN_EMAILS rights wait for it).
  app.post(
    '/confirm-email',
    { schema: { response: { 200: messageResponseSchema, ...mailing } } },
    async (request) => {
      const email = await requestEmailConfirmation(
        deps,
        currentUser(request).id,
        mailLinkBase(deps, request),
      );
      return {
        success: true as const,
        message: `We sent a confirmation link to ${email}. Open it to confirm your address.`,
      };
    },
  );
};
