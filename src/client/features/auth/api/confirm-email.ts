import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type { messageResponseSchema } from '../../../../shared/schemas/auth.ts';

type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * POST /api/auth/confirm-email: mails the user a link to their own address. Opening it (on
 * /verify-email) proves the address; an address the server names an administrator gets its
 * rights then, not at sign-up.
 */
export function confirmEmail(): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/confirm-email', {});
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
