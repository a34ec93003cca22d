import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatusResponseSchema,
  checkEmailExistsBodySchema,
  checkEmailExistsResponseSchema,
  loginBodySchema,
  meResponseSchema,
  okResponseSchema,
  registerBodySchema,
  userSchema,
} from '../../../shared/schemas/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import {
  cookieName,
  currentUser,
  endBrowserSession,
  setCookie,
  setSessionCookie,
} from './auth.plugin.ts';
import { type AuthDeps, deviceCookieFor, emailExists, login, register } from './auth.service.ts';
import { findPendingEmailChange } from './email-change.repository.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import type { EmailChangeDeps } from './email-change.service.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { deleteSession } from './sessions.repository.ts';
import { awaitsAdminConfirmation, isAdminUser, toUser } from './users.repository.ts';

const DEVICE_COOKIE = 'hb_device';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const errors = errorResponses(400, 401, 429);

export type AuthRoutesOptions = AuthDeps & EmailChangeDeps & { adminEmails: string[] };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, deps) => {
  const show = (row: Parameters<typeof toUser>[0]) => toUser(row, deps.adminEmails);
  const flows = {
    db: deps.db,
    limiter: deps.limiter,
    now: deps.now,
    secret: deps.secret,
    publicUrl: deps.publicUrl,
    requirePublicUrl: deps.requirePublicUrl,
    cache: deps.cache,
  };
  // Forgot password and e-mail change, in files of their own (same /api/auth prefix).
  await app.register(passwordResetRoutes, flows);
  await app.register(emailChangeRoutes, flows);

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        body: loginBodySchema,
        // 403: a right temporary password (password_change_required).
        response: { 200: meResponseSchema, ...errorResponses(403), ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await login(deps, request.body, {
        ip: request.ip,
        deviceCookie: request.cookies[cookieName(request, DEVICE_COOKIE)],
      });
      if (request.sessionToken) await deleteSession(deps.db, request.sessionToken);
      setSessionCookie(request, reply, sessionToken);
      setCookie(request, reply, DEVICE_COOKIE, deviceCookieFor(deps.secret, user.email), YEAR_MS);
      return { user: show(user) };
    },
  );

  app.post(
    '/register',
    {
      config: { public: true },
      schema: {
        body: registerBodySchema,
        response: { 201: meResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await register(deps, request.body, { ip: request.ip });
      if (request.sessionToken) await deleteSession(deps.db, request.sessionToken);
      setSessionCookie(request, reply, sessionToken);
      return reply.status(201).send({ user: show(user) });
    },
  );

  app.post(
    '/logout',
    {
      schema: { response: { 200: okResponseSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(deps.db, request.sessionToken);
      endBrowserSession(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    {
      schema: { response: { 200: meResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ user: show(currentUser(request)) }),
  );

  app.get(
    '/user',
    { schema: { response: { 200: userSchema, ...errorResponses(401) } } },
    async (request) => show(currentUser(request)),
  );

  app.get(
    '/admin-status',
    {
      schema: { response: { 200: adminStatusResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const user = currentUser(request);
      const pendingEmail = await findPendingEmailChange(deps.db, user.id, deps.now());
      return {
        isAdmin: isAdminUser(user, deps.adminEmails),
        awaitsEmailConfirmation: awaitsAdminConfirmation(user, deps.adminEmails),
        ...(pendingEmail ? { pendingEmail } : {}),
      };
    },
  );

  app.post(
    '/check-email-exists',
    {
      schema: {
        body: checkEmailExistsBodySchema,
        response: { 200: checkEmailExistsResponseSchema, ...errors },
      },
    },
    async (request) => {
      return {
        exists: await emailExists(deps, currentUser(request).id, request.body.email),
      };
    },
  );
};
