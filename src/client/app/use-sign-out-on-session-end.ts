import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { meQueryKey, sessionEndedPath } from '@/features/auth';
import { onSessionEnded } from '@/lib/api-client';

/**
 * A 401 on any call, read or write, means the session is gone (expired, or ended on another
 * device): forget every cached answer, show the sign-in page with a note, and come back to
 * this page afterwards. Many calls failing at once sign out once; nothing is retried and no
 * error screen shows.
 */
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
