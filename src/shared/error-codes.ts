// Free of zod: the client's entry chunk reads error bodies with these alone.

/** Stable error codes the client may branch on; the message is for people. */
export const errorCodes = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'invalid_current_password',
  'invalid_temporary_password',
  'verification_failed',
  'link_already_used',
  'password_change_required',
  'gmail_not_authorized',
  'not_configured',
  'forbidden',
  'cross_site_request',
  'unsupported_media_type',
  'not_found',
  'method_not_allowed',
  'conflict',
  'email_taken',
  'work_log_overlap',
  'too_large',
  'rate_limited',
  'request_timeout',
  'server_busy',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<unknown> = new Set(errorCodes);

export const isErrorCode = (value: unknown): value is ErrorCode => known.has(value);
