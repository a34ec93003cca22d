import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { adminStatusQueryKey, patchSignedInUser } from '@/features/auth';
import { ApiError, getJson, NetworkError } from '@/lib/api-client';
import type { verifyEmailResponseSchema } from '../../../../shared/schemas/auth.ts';

type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** docs/product/screens.md#confirm-a-new-e-mail-address. */
export const NO_TOKEN = 'No verification token found in URL';
export const VERIFICATION_FAILED = 'Verification failed';
export const NETWORK_ERROR = 'Network error during verification';

/** Makes the pending e-mail change take effect, or (a "Send link" link) confirms the address. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const url = `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  const answer = await getJson<VerifyEmailResponse>(url, { on401: 'throw' });
  if (!answer) throw new Error(VERIFICATION_FAILED); // on401 'throw' never gives null
  return answer;
}

/** The words for a failed verification: the server's (expired, used), ours when it has none. */
export function verifyEmailError(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR;
  if (!(error instanceof ApiError) || error.code === undefined || error.status >= 500) {
    return VERIFICATION_FAILED;
  }
  if (error.code === 'validation_failed') return error.errors?.token ?? VERIFICATION_FAILED;
  return error.serverMessage;
}

export type VerifyEmailState =
  | { status: 'verifying' }
  /** The link had been opened before (a reload after success): what it did still holds. */
  | { status: 'used'; message: string }
  | { status: 'success'; newEmail: string; kind: 'changed' | 'confirmed' }
  | { status: 'error'; message: string };

/**
 * Once per token even under StrictMode's double effects: the token is single use, so a second
 * request would fail as used and hide the success.
 */
export function useVerifyEmail(
  token: string | null,
  onVerified?: (answer: VerifyEmailResponse) => void,
): VerifyEmailState {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ token: string; state: VerifyEmailState } | null>(null);
  const sent = useRef<string | null>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verifyEmail(token).then(
      (answer) => {
        patchSignedInUser(queryClient, { email: answer.newEmail });
        // A confirmed address may bring administrator rights (ADMIN_EMAILS).
        void queryClient.invalidateQueries({ queryKey: adminStatusQueryKey });
        const kind = answer.kind ?? 'changed';
        setResult({ token, state: { status: 'success', newEmail: answer.newEmail, kind } });
        onVerifiedRef.current?.(answer);
      },
      (error: unknown) => {
        const state: VerifyEmailState =
          error instanceof ApiError && error.code === 'link_already_used'
            ? { status: 'used', message: error.serverMessage }
            : { status: 'error', message: verifyEmailError(error) };
        setResult({ token, state });
      },
    );
  }, [token, queryClient]);

  if (!token) return { status: 'error', message: NO_TOKEN };
  if (result?.token !== token) return { status: 'verifying' };
  return result.state;
}
