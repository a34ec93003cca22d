import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/open.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

export interface AccountDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
}

/** Registered under /api: POST /auth/change-password, GET /account/export, POST /account/delete. */
export const accountRoutes: FastifyPluginAsyncZod<AccountDeps> = async () => {};
