import type { FastifyBaseLogger } from 'fastify';
import { listen } from '../db/listen.ts';
import { JOBS_CHANNEL } from './jobs.repository.ts';

// Polling stays the safety net: while this connection is down, nothing is lost, only later.
export function listenForJobs(
  connectionString: string,
  onNotify: () => void,
  log: FastifyBaseLogger,
): { close(): Promise<void> } {
  return listen(
    connectionString,
    JOBS_CHANNEL,
    // Jobs enqueued while it was not listening: look as soon as it is back.
    { onNotify: () => onNotify(), onUp: onNotify },
    log,
  );
}
