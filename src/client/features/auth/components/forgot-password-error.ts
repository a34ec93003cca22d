import { ApiError, NetworkError } from '@/lib/api-client';

/** docs/product/screens.md#forgot-password: used when the server gives no words. */
export const FORGOT_PASSWORD_FAILED = 'Failed to process forgot password request';
export const INVALID_TEMPORARY_PASSWORD = 'Invalid temporary password';
export const RESET_PASSWORD_FAILED = 'Failed to reset password';
export const NETWORK_ERROR = 'Network error. Please try again.';

export function forgotPasswordError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR;
  // Only a `{ code, message }` body carries a message meant for people (not a proxy's page).
  if (error instanceof ApiError && error.code !== undefined) return error.serverMessage;
  return fallback;
}
