import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '../../../shared/schemas/auth.ts';
import { meQueryKey } from './api/get-me';

/**
 * Inside the app: a user who just signed in or signed up is cached at once (so the page
 * shows, not the sign-in form), then read again from the server.
 */
export function useRememberSignedInUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
}
