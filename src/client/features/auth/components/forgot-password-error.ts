import { ApiError, NetworkError } from '@/lib/api-client';

/** docs/product/screens.md#forgot-password: forgot-password failures show inline, with these words when the server has none. */
export const FORGOT_PASSWORD_FAILED = 'Failed to process forgot password request';
export const INVALID_TEMPORARY_PASSWORD = 'Invalid temporary password';
export const RESET_PASSWORD_FAILED = 'Failed to reset password';
export const NETWORK_ERROR = 'Network error. Please try again.';

/**
 * The text under a step's form: the server's own message (a wrong temporary password, too
 * many tries), the network note when no answer came, else the step's fallback.
 */
export function forgotPasswordError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR;
  // Only a `{ code, message }` body carries a message meant for people (not a proxy's page).
  if (error instanceof ApiError && error.code !== undefined) return error.serverMessage;
  return fallback;
}
