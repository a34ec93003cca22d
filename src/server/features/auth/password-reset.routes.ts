import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  verifyTemporaryPasswordBodySchema,
} from '../../../shared/schemas/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { canMailLinks, mailLinkBase } from '../../lib/mail-links.ts';
import {
  acceptTemporaryPassword,
  forgotPassword,
  type PasswordResetDeps,
  resetPassword,
} from './password-reset.service.ts';

const errors = errorResponses(400, 429);

/** Registered under /api/auth by authRoutes: the signed-out forgot-password flow (docs/product/screens.md#routes-and-access). */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetDeps> = async (app, deps) => {
  app.post(
    '/forgot-password',
    {
      config: { public: true },
      schema: {
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Without a safe base (production without PUBLIC_URL) the mail goes without its link.
      const linkBase = canMailLinks(deps) ? mailLinkBase(deps, request) : undefined;
      await forgotPassword(deps, request.body.email, { ip: request.ip, linkBase });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/verify-temporary-password',
    {
      config: { public: true },
      schema: {
        body: verifyTemporaryPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await acceptTemporaryPassword(deps, request.body, { ip: request.ip });
      return {
        success: true as const,
        message: 'Temporary password accepted. Choose a new password.',
      };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { public: true },
      schema: {
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body, { ip: request.ip });
      return {
        success: true as const,
        message: 'Your password has been reset. You can now log in with your new password.',
      };
    },
  );
};
