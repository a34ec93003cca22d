import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { loggableError } from '../lib/loggable-error.ts';
import { JOBS_CHANNEL } from './jobs.repository.ts';

/**
 * LISTENs on the jobs channel on a connection of its own (like the session cache's listener),
 * calling `onNotify` for each job enqueued, so it starts at once instead of at the next poll.
 * Polling stays the safety net: while this connection is down, nothing is lost, only later.
 */
export function listenForJobs(
  connectionString: string,
  onNotify: () => void,
  log: FastifyBaseLogger,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    const lost = (error?: unknown) => {
      // 'error' and 'end' both come for one loss: reconnect once, and never after close().
      if (closed || client !== next) return;
      client = undefined;
      if (error) log.warn({ err: loggableError(error) }, 'job listener: lost its connection');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', () => onNotify());
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
      if (closed) return void (await next.end());
      delay = 500;
      // Jobs enqueued while it was not listening: look now rather than at the next poll.
      onNotify();
    } catch (error) {
      lost(error);
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
