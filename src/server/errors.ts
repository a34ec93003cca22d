import type { ErrorCode } from '../shared/errors.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', 404, what);
export const unauthenticated = () =>
  new AppError('unauthenticated', 401, 'Please sign in to continue');
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', 429, message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
