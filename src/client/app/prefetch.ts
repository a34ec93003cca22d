import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryOptions } from '@/features/auth';
import {
  dashboardRecentWorkLogsQueryOptions,
  dashboardStatsQueryOptions,
} from '@/features/dashboard';
import { employersQueryOptions } from '@/features/employers';
import { settingsQueryOptions } from '@/features/settings';

/**
 * SPEC.md §7 "Prefetch": what the signed-in app reads at startup, fetched at once and kept
 * fresh for five minutes, so the first page a user opens finds it ready. (The mail-status
 * call joins this list when its endpoint exists.)
 */
export function usePrefetchAtStartup() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(userQueryOptions());
    void queryClient.prefetchQuery(settingsQueryOptions());
    void queryClient.prefetchQuery(employersQueryOptions());
    void queryClient.prefetchQuery(dashboardStatsQueryOptions('week'));
    void queryClient.prefetchQuery(dashboardRecentWorkLogsQueryOptions());
  }, [queryClient]);
}
