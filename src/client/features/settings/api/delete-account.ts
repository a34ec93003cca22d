import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { accountDeletedPath, setSignedInUser } from '@/features/auth';
import { sendJson } from '@/lib/api-client';
import type { DeleteAccountBody } from '../../../../shared/schemas/account.ts';
import type { okResponseSchema } from '../../../../shared/schemas/auth.ts';

type Ok = z.infer<typeof okResponseSchema>;

export function deleteAccount(body: DeleteAccountBody): Promise<Ok> {
  return sendJson<Ok>('POST', '/api/account/delete', body);
}

/** Nothing cached is true any more: forget it all, as logout does. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      setSignedInUser(queryClient, null);
      navigate(accountDeletedPath);
    },
  });
}
