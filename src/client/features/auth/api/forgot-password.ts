import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type {
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
} from '../../../../shared/schemas/auth.ts';

type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

// Answered alike whether or not the address has an account:
// docs/product/deviations.md#1-forgot-password-mails-the-temporary-password
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return sendJson<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
