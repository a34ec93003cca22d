import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type { messageResponseSchema, ResetPasswordBody } from '../../../../shared/schemas/auth.ts';

type MessageResponse = z.infer<typeof messageResponseSchema>;

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
