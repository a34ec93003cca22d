import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text built by PostgreSQL (listWorkLogsJson) as it is: Fastify passes a string on
 * untouched, so Node never parses and re-serialises thousands of rows. The route still declares
 * its response schema; the text's shape is held to it by a generated strict-schema test
 * (src/server/db/log-amounts-sql.test.ts), which is why this one cast is safe.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json').send(json as never);
}
