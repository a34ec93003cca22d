import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  startTimerBodySchema,
  stopTimerBodySchema,
  switchTimerResultSchema,
  timerSchema,
  timerStateSchema,
} from '../../../shared/schemas/timer.ts';
import { workLogSchema } from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VersionedResponses } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  discardTimer,
  getTimer,
  pauseTimer,
  resumeTimer,
  startTimer,
  stopTimer,
  switchTimer,
} from './timer.service.ts';

/** 409: a timer already running (start), or the shift's save refused (overlap, closed period). */
const errors = errorResponses(400, 401, 404, 409);

/** The running timer (decision 044): at most one per user, kept on the server. */
export const timerRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  responses: VersionedResponses;
}> = async (app, { db, now, responses }) => {
  // Tagged by the user's data version: a device asking every 2 s mostly gets a 304.
  app.get(
    '/',
    { schema: { response: { 200: timerStateSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return responses.sendValue(request, reply, userId, () => getTimer(db, userId));
    },
  );

  app.post(
    '/start',
    { schema: { body: startTimerBodySchema, response: { 201: timerSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await startTimer(db, currentUser(request).id, request.body, now())),
  );

  app.post('/pause', { schema: { response: { 200: timerSchema, ...errors } } }, async (request) =>
    pauseTimer(db, currentUser(request).id, now()),
  );

  app.post('/resume', { schema: { response: { 200: timerSchema, ...errors } } }, async (request) =>
    resumeTimer(db, currentUser(request).id, now()),
  );

  /** Saves the shift through the work-log save (every rule and refusal) and ends the timer. */
  app.post(
    '/stop',
    { schema: { body: stopTimerBodySchema, response: { 201: workLogSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await stopTimer(db, currentUser(request).id, request.body, now())),
  );

  app.post(
    '/switch',
    {
      schema: { body: startTimerBodySchema, response: { 200: switchTimerResultSchema, ...errors } },
    },
    async (request) => switchTimer(db, currentUser(request).id, request.body, now()),
  );

  app.delete(
    '/',
    { schema: { response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await discardTimer(db, currentUser(request).id);
      return { success: true as const };
    },
  );
};
