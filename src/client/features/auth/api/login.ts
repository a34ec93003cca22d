import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api-client';
import type { LoginBody, MeResponse } from '../../../../shared/schemas/auth.ts';
import { meQueryKey } from './get-me';

export async function login(body: LoginBody): Promise<MeResponse> {
  const res = await apiRequest('POST', '/api/auth/login', body);
  return (await res.json()) as MeResponse;
}

/** On success the user is cached at once (so / shows the dashboard, not the landing page), then re-read. */
export function useLogin(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess?.();
      navigate('/');
    },
  });
}
