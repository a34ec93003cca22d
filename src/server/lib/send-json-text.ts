import type { FastifyReply } from 'fastify';

// The cast is safe: src/server/db/stored-pay-reads.test.ts holds the SQL-built text to the schema.
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json').send(json as never);
}
