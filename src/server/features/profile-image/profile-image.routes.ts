import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/open.ts';

/** Registered under /api/auth: upload-profile-image, remove-profile-image, profile-image. */
export const profileImageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
