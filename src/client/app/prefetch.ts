import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { meQueryOptions } from '@/features/auth';
import { dashboardStatsQueryOptions } from '@/features/dashboard';
import { employersQueryOptions } from '@/features/employers';
import { gmailStatusQueryOptions } from '@/features/mail-account';
import { settingsQueryOptions } from '@/features/settings';
import { timesheetsQueryOptions } from '@/features/timesheet-reports';
import { dashboardRecentWorkLogsQueryOptions } from '@/features/work-logs';
import { samePath } from './case-insensitive-parser';
import { appPaths } from './routes';

/**
 * docs/product/screens.md#talking-to-the-server: what the signed-in app reads at startup, fetched at once and kept
 * fresh for five minutes (the mail status 30 s), so the first page a user opens finds it ready.
 */
export function usePrefetchAtStartup() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(settingsQueryOptions());
    void queryClient.prefetchQuery(gmailStatusQueryOptions());
    void queryClient.prefetchQuery(employersQueryOptions());
    void queryClient.prefetchQuery(dashboardStatsQueryOptions('week'));
    void queryClient.prefetchQuery(dashboardRecentWorkLogsQueryOptions());
  }, [queryClient]);
}

/**
 * docs/product/screens.md#talking-to-the-server, on navigation: the history of timesheets is asked for as soon as the
 * path changes, while the page's own code is still loading, not after it has. (The work-log
 * list's first request depends on filters the page restores itself, so it asks on its own.)
 */
export function usePrefetchOnNavigation() {
  const queryClient = useQueryClient();
  const [location] = useLocation();
  useEffect(() => {
    if (samePath(location, appPaths.timesheetReports)) {
      void queryClient.prefetchQuery(timesheetsQueryOptions());
    }
  }, [queryClient, location]);
}
