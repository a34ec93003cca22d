import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '../../../shared/schemas/auth.ts';
import { meQueryKey } from './api/get-me';

/** Cached at once, so the page shows rather than the sign-in form, then read again. */
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
