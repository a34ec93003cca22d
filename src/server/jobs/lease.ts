import type { Db } from '../db/open.ts';
import { type ClaimedJob, extendLease } from './jobs.repository.ts';

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

// Aborts when taken over, or when the database stays out of reach until the lease nearly runs out.
export function holdLease(db: Db, job: ClaimedJob, controller: AbortController): () => void {
  const every = Math.max(Math.floor(job.leaseMs / 3), 10);
  // On this machine's clock, from before each query was sent: never later than the real lease.
  let heldUntil = job.claimedAt + job.leaseMs;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy || controller.signal.aborted) return;
    busy = true;
    const sentAt = Date.now();
    try {
      if (await extendLease(db, job, job.leaseMs)) heldUntil = sentAt + job.leaseMs;
      else controller.abort(new LeaseLostError('The job was taken over by another worker'));
    } catch {
      if (Date.now() + every >= heldUntil)
        controller.abort(new LeaseLostError('The job’s lease could not be extended'));
    } finally {
      busy = false;
    }
  }, every);
  timer.unref();
  const stop = () => clearInterval(timer);
  controller.signal.addEventListener('abort', stop, { once: true });
  return stop;
}
