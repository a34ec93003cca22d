import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import type { messageResponseSchema } from '../../../../shared/schemas/auth.ts';

type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Mails a link proving the address; an administrator's address gets its rights then. */
export function confirmEmail(): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/confirm-email', {});
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
