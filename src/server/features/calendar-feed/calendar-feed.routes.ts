import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  calendarFeedParamsSchema,
  calendarFeedStateSchema,
  createdCalendarFeedSchema,
} from '../../../shared/schemas/calendar-feed.ts';
import type { Db } from '../../db/open.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { matchesEtag } from '../../lib/versioned-responses.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import {
  createFeed,
  feedOwner,
  feedText,
  getFeedState,
  revokeFeed,
} from './calendar-feed.service.ts';

/** Calendar apps ask every 15 minutes to a few hours; a network asking far more is refused. */
export const FEED_READS_PER_NETWORK = { perMinute: 30, perHour: 300 } as const;

/** The user's feed, as Settings shows and changes it (decision 047). */
export const calendarFeedSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (
  app,
  { db },
) => {
  app.get(
    '/',
    { schema: { response: { 200: calendarFeedStateSchema, ...errorResponses(401) } } },
    async (request) => getFeedState(db, currentUser(request).id),
  );

  /** Makes the feed's URL, or a new one in place of the old (which then answers 404). */
  app.post(
    '/',
    { schema: { response: { 201: createdCalendarFeedSchema, ...errorResponses(401) } } },
    async (request, reply) => reply.status(201).send(await createFeed(db, currentUser(request).id)),
  );

  app.delete(
    '/',
    { schema: { response: { 200: okResponseSchema, ...errorResponses(401, 404) } } },
    async (request) => {
      await revokeFeed(db, currentUser(request).id);
      return { success: true as const };
    },
  );
};

/** The feed itself: no session, the secret in the URL is the credential. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
}> = async (app, { db, limiter, now }) => {
  app.get(
    '/:file',
    {
      config: { public: true },
      schema: { params: calendarFeedParamsSchema, response: errorResponses(404, 429) },
    },
    async (request, typedReply) => {
      // The answer is iCalendar text, not a schema's JSON.
      const reply = typedReply as unknown as FastifyReply;
      await takeTokenOr429(
        limiter,
        `calendar-feed:ip:${clientNetwork(request.ip)}`,
        FEED_READS_PER_NETWORK,
        {
          minute: 'Too many calendar requests from your network. Please wait a minute.',
          hour: 'Too many calendar requests from your network. Please try again later.',
        },
      );
      const userId = await feedOwner(db, request.params.file);
      const body = await feedText(db, userId, now());
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
};
