import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api-client';
import type { LoginBody, MeResponse } from '../../../../shared/schemas/auth.ts';
import { meQueryKey } from './get-me';

export async function login(body: LoginBody): Promise<MeResponse> {
  const res = await apiRequest('POST', '/api/auth/login', body);
  return (await res.json()) as MeResponse;
}

type UseLoginOptions = {
  /** A same-site path (see safeReturnPath) the user asked for before signing in; else '/'. */
  returnTo?: string;
  onSuccess?: () => void;
};

/**
 * On success the user is cached at once (so the page shows, not the sign-in form), then
 * re-read, and the browser goes where the user was headed. The sign-in page is replaced in
 * the history, so Back does not lead to it.
 */
export function useLogin({ returnTo = '/', onSuccess }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      onSuccess?.();
      navigate(returnTo, { replace: true });
    },
  });
}
