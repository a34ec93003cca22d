import type { ErrorCode } from '../shared/errors.ts';

/** Thrown anywhere; the error handler turns it into `{ code, message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Response headers that go with the answer (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', 404, what);
export const unauthenticated = () =>
  new AppError('unauthenticated', 401, 'Please sign in to continue');
/** 429 with `Retry-After`: the whole seconds until the limit lets the next request through. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', 429, message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
