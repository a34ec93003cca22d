import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export { type ErrorCode, errorCodes, isErrorCode } from './error-codes.ts';

/** Only a listed code can be sent: the server's answers are checked against this schema. */
export const errorCode = z.enum(errorCodes);

export const errorBodySchema = z.object({
  code: errorCode,
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
