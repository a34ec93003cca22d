import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryOptions } from '@/features/auth';
import { employersQueryOptions } from '@/features/employers';
import { settingsQueryOptions } from '@/features/settings';

/**
 * SPEC.md §7 "Prefetch": what the signed-in app reads at startup, fetched at once and kept
 * fresh for five minutes, so the first page a user opens finds it ready. (The dashboard,
 * mail-status and timesheet calls join this list when their endpoints exist.)
 */
export function usePrefetchAtStartup() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(userQueryOptions());
    void queryClient.prefetchQuery(settingsQueryOptions());
    void queryClient.prefetchQuery(employersQueryOptions());
  }, [queryClient]);
}
