import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
} from '../../../shared/schemas/account.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendJsonText } from '../../lib/send-json-text.ts';
import { currentUser, endBrowserSession, setSessionCookie } from '../auth/auth.plugin.ts';
import {
  type AccountDeps,
  changePassword,
  deleteAccount,
  exportAccount,
} from './account.service.ts';

export type { AccountDeps } from './account.service.ts';

const errors = errorResponses(400, 401, 429);

/** Registered under /api: POST /auth/change-password, GET /account/export, POST /account/delete. */
export const accountRoutes: FastifyPluginAsyncZod<AccountDeps> = async (app, deps) => {
  app.post(
    '/auth/change-password',
    { schema: { body: changePasswordBodySchema, response: { 200: okResponseSchema, ...errors } } },
    async (request, reply) => {
      const token = await changePassword(deps, currentUser(request).id, request.body);
      // Every session ended with the old password, this browser's too: it gets a new one.
      setSessionCookie(request, reply, token);
      return { success: true as const };
    },
  );

  app.get(
    '/account/export',
    { schema: { response: { 200: accountExportSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const { data, date } = await exportAccount(deps, currentUser(request).id);
      reply
        .header('content-disposition', `attachment; filename="hourbook-data-${date}.json"`)
        .header('cache-control', 'no-store');
      // Indented so a person can read the file; parse holds the object to the schema.
      return sendJsonText(reply, JSON.stringify(accountExportSchema.parse(data), null, 2));
    },
  );

  app.post(
    '/account/delete',
    { schema: { body: deleteAccountBodySchema, response: { 200: okResponseSchema, ...errors } } },
    async (request, reply) => {
      await deleteAccount(deps, currentUser(request).id, request.body);
      endBrowserSession(request, reply);
      return { success: true as const };
    },
  );
};
