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

/** Both calls of the Change Email dialog, which cannot be closed while one is under way. */
export const changeEmailMutationKey = ['change-email'] as const;

/**
 * POST /api/auth/check-email-exists: whether another account already uses the address, asked
 * before the confirmation steps (docs/product/screens.md#change-e-mail). Only this dialog asks it.
 */
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
 * POST /api/auth/change-email: mails a link to the new address; the address changes only when
 * it is opened (docs/product/deviations.md#4-a-new-e-mail-address-counts-once-its-link-is-opened), so no cached user changes here.
 */
export function changeEmail(body: ChangeEmailBody): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/change-email', body);
}

/** Once sent, Settings reads the pending address again (it shows under the e-mail field). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...changeEmailMutationKey, 'send'],
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStatusQueryKey }),
  });
}
