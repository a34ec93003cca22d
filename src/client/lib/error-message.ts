import { ApiError, NetworkError } from './api-client';

export const SAVE_UNREACHABLE_MESSAGE =
  'Could not reach the server. Your changes are still here: try again.';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}

/** True when the server refused the input itself (fix it, don't retry): show its message. */
export function isInputRefused(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && (error.code === 'validation_failed' || error.code === 'conflict')
  );
}
