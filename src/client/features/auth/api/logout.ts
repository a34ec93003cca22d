import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** docs/product/screens.md#states: logout clears every cached answer and goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      // Known signed out: the gate shows the sign-in form without asking the server again.
      queryClient.setQueryData(meQueryKey, null);
      navigate('/login');
    },
  });
}
