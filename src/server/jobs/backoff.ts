import { loggableError } from '../db/loggable-error.ts';

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 60 * 60 * 1000 };

// Spread ±20 % so jobs that failed in one outage do not all come back in the same second.
export function retryDelayMs(
  attempt: number,
  backoff: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = backoff.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(exponential, backoff.maxMs);
  return Math.round(capped * (0.8 + 0.4 * random()));
}

const MAX_ERROR_LENGTH = 500;

// Never the payload: handlers must not put secrets in error messages either.
export function errorSummary(error: unknown): string {
  const { type, message, code, cause } = loggableError(error);
  const line = (text: string) => text.split('\n', 1)[0] ?? '';
  // A failed query's own message is its SQL; what went wrong is in the driver's error (cause).
  const because = cause ? `; cause: ${cause.type}: ${line(cause.message)}` : '';
  const text = `${type}${code ? ` (${code})` : ''}: ${line(message)}${because}`;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
