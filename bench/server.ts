// App and bare baseline in one process, sharing one CPU budget while autocannon runs in the parent.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { connect } from '../src/server/db/open.ts';
import type { FixtureMessage, ServerMessage } from './protocol.ts';

const send = (message: ServerMessage) => process.send?.(message);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !process.send) throw new Error('bench/server.ts is started by bench/run.ts');

  const database = connect(url, 'external');
  // As production builds it, minus the logger (per-request pino lines are measured apart).
  const app = await buildApp({ database, secret: randomBytes(32), version: 'bench' });

  // The baseline: no plugins, no database; the same bytes and content type as the app.
  const fixtures = new Map<string, { body: string; contentType: string; etag?: string }>();
  const bare = Fastify({ logger: false });
  bare.get('/*', (request, reply) => {
    const fixture = fixtures.get(request.url);
    if (!fixture) return reply.code(404).send();
    if (fixture.etag) {
      reply.header('etag', fixture.etag);
      if (request.headers['if-none-match'] === fixture.etag) return reply.code(304).send();
    }
    return reply.type(fixture.contentType).send(fixture.body);
  });

  const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

  process.on('message', (message: FixtureMessage) => {
    if (message.type !== 'fixture') return;
    fixtures.set(message.path, {
      body: message.body,
      contentType: message.contentType,
      ...(message.etag ? { etag: message.etag } : {}),
    });
    send({ type: 'fixture-set', id: message.id });
  });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), 3000).unref();
    await Promise.allSettled([app.close(), bare.close()]);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  // `on`, not `once`: tsx exits at once on a signal when no listener is left.
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  // The parent died or let go of us: never outlive it.
  process.on('disconnect', () => void close());

  send({
    type: 'ready',
    appPort: Number(new URL(appAddress).port),
    barePort: Number(new URL(bareAddress).port),
  });
}

main().catch((error: unknown) => {
  send({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
});
