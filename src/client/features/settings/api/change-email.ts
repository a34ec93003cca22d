import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminStatusQueryKey } from '@/features/auth';
import { sendJson } from '@/lib/api-client';
import type {
  changeEmailBodySchema,
  checkEmailExistsResponseSchema,
  messageResponseSchema,
} from '../../../../shared/schemas/auth.ts';

type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;
type MessageResponse = z.infer<typeof messageResponseSchema>;
type CheckEmailExistsResponse = z.infer<typeof checkEmailExistsResponseSchema>;

/** The Change Email dialog cannot be closed while one of these is under way. */
export const changeEmailMutationKey = ['change-email'] as const;

export function checkEmailExists(email: string): Promise<CheckEmailExistsResponse> {
  return sendJson<CheckEmailExistsResponse>('POST', '/api/auth/check-email-exists', { email });
}

export function useCheckEmailExists() {
  return useMutation({
    mutationKey: [...changeEmailMutationKey, 'check'],
    mutationFn: checkEmailExists,
  });
}

/**
 * The address changes only when the mailed link is opened, so no cached user changes here
 * (docs/product/deviations.md#4-a-new-e-mail-address-counts-once-its-link-is-opened).
 */
export function changeEmail(body: ChangeEmailBody): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/change-email', body);
}

/** The pending address shows under Settings' e-mail field. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...changeEmailMutationKey, 'send'],
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStatusQueryKey }),
  });
}
