import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { meQueryKey, sessionEndedPath } from '@/features/auth';
import { onSessionEnded } from '@/lib/api-client';

/** Any 401: forget the cache, sign in again with a note, come back here; many 401s sign out once. */
export function useSignOutOnSessionEnd() {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const here = useRef('/');
  here.current = `${location}${search ? `?${search}` : ''}`;

  useEffect(
    () =>
      onSessionEnded(() => {
        // After the failing request has settled, not inside it.
        setTimeout(() => {
          if (!queryClient.getQueryData(meQueryKey)) return; // signed out already
          queryClient.clear();
          queryClient.setQueryData(meQueryKey, null);
          navigate(sessionEndedPath(here.current), { replace: true });
        });
      }),
    [queryClient, navigate],
  );
}
