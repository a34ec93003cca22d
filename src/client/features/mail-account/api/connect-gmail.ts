import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '@/lib/api-client';
import type { okResponseSchema } from '../../../../shared/schemas/auth.ts';
import type {
  GmailStatus,
  gmailAuthUrlResponseSchema,
} from '../../../../shared/schemas/mail-account.ts';
import { gmailStatusQueryKey } from './gmail-status';

type AuthUrl = z.infer<typeof gmailAuthUrlResponseSchema>;
type Ok = z.infer<typeof okResponseSchema>;

/** Each call starts a new authorization (new PKCE verifier and state). */
export async function getGmailAuthUrl(): Promise<string> {
  const answer = await getJson<AuthUrl>('/api/auth/gmail', { on401: 'throw' });
  // Only an http(s) address is opened in the popup.
  const authUrl = answer?.authUrl ?? '';
  if (!/^https?:\/\//i.test(authUrl)) throw new Error('No authorization address');
  return authUrl;
}

export function revokeGmail(): Promise<Ok> {
  return sendJson<Ok>('POST', '/api/auth/gmail/revoke');
}

export function useRevokeGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGmail,
    onSuccess: () => {
      queryClient.setQueryData<GmailStatus>(gmailStatusQueryKey, {
        authorized: false,
        needsReauth: false,
        email: null,
        configured: true,
      });
      void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
    },
  });
}
