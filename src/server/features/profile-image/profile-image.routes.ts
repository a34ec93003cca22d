import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadProfileImageResponseSchema } from '../../../shared/schemas/account.ts';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/open.ts';
import { notFound } from '../../errors.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { matchesEtag } from '../../lib/versioned-responses.ts';
import { REVALIDATE_CACHE_CONTROL } from '../../plugins/security.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import { findProfileImage } from './profile-image.repository.ts';
import { countUpload, removeProfileImage, uploadProfileImage } from './profile-image.service.ts';
import {
  multipartLimits,
  readProfileImageUpload,
  refuseOversizedBody,
} from './profile-image.upload.ts';

const errors = errorResponses(400, 401);
/** The picture's own URL is the only one the app hands out: `v` is its version. */
const pictureQuerySchema = z.object({ v: z.string().max(100).optional() });

const FOR_GOOD = 'private, max-age=31536000, immutable';

export const profileImageRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter }> = async (
  app,
  { db, limiter },
) => {
  // Here only (this plugin is encapsulated): no other route parses multipart bodies.
  await app.register(multipart, { limits: multipartLimits });

  app.post(
    '/upload-profile-image',
    {
      onRequest: refuseOversizedBody,
      preHandler: async (request) => countUpload(limiter, currentUser(request).id),
      schema: {
        response: {
          200: uploadProfileImageResponseSchema,
          ...errors,
          ...errorResponses(413, 429, 503),
        },
      },
    },
    async (request) => {
      const upload = await readProfileImageUpload(request);
      const imageUrl = await uploadProfileImage(db, currentUser(request).id, upload);
      return { success: true as const, imageUrl };
    },
  );

  app.delete(
    '/remove-profile-image',
    { schema: { response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await removeProfileImage(db, currentUser(request).id);
      return { success: true as const };
    },
  );

  app.get(
    '/profile-image',
    {
      schema: {
        querystring: pictureQuerySchema,
        response: { 200: z.instanceof(Buffer), 304: z.null(), ...errors, ...errorResponses(404) },
      },
      // Runs after the security plugin's onSend, which marks every API answer no-store.
      onSend: async (request, reply, payload) => {
        const etag = reply.getHeader('etag');
        if (etag !== undefined && reply.statusCode < 400) {
          const current = request.query.v !== undefined && etag === `"${request.query.v}"`;
          reply.header('cache-control', current ? FOR_GOOD : REVALIDATE_CACHE_CONTROL);
        }
        return payload;
      },
    },
    async (request, reply) => {
      // Always the signed-in user's own picture: no id in the URL to point at someone else's.
      const picture = await findProfileImage(db, currentUser(request).id);
      if (!picture) throw notFound('No profile picture');
      const etag = `"${picture.version}"`;
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply
        .header('content-type', picture.contentType)
        .header('content-disposition', 'inline')
        .send(picture.image);
    },
  );
};
