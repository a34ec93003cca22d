import { z } from 'zod';

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
  'period_closed',
  'too_large',
  'rate_limited',
  'request_timeout',
  'server_busy',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorCode = z.enum(errorCodes);

export const errorBodySchema = z.object({
  code: errorCode,
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
