import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type {
  messageResponseSchema,
  verifyTemporaryPasswordBodySchema,
} from '../../../../shared/schemas/auth.ts';

type VerifyTemporaryPasswordBody = z.infer<typeof verifyTemporaryPasswordBodySchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;

export function verifyTemporaryPassword(
  body: VerifyTemporaryPasswordBody,
): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/verify-temporary-password', body);
}

export function useVerifyTemporaryPassword() {
  return useMutation({ mutationFn: verifyTemporaryPassword });
}
