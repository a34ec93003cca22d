import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export async function logout(): Promise<{ success: true }> {
  const res = await apiRequest('POST', '/api/auth/logout');
  return (await res.json()) as { success: true };
}

/** SPEC.md §4: logout clears every cached answer and goes to /login. */
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
