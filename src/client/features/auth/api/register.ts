import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api-client';
import type { MeResponse, RegisterBody } from '../../../../shared/schemas/auth.ts';
import { meQueryKey } from './get-me';

export async function register(body: RegisterBody): Promise<MeResponse> {
  const res = await apiRequest('POST', '/api/auth/register', body);
  return (await res.json()) as MeResponse;
}

export function useRegister(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess?.();
      navigate('/');
    },
  });
}
