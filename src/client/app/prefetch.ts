import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { meQueryOptions } from '@/features/auth';
import { dashboardStatsQueryOptions } from '@/features/dashboard';
import { employersQueryOptions } from '@/features/employers';
import { gmailStatusQueryOptions } from '@/features/mail-account';
import { ledgerQueryOptions, paymentsQueryOptions } from '@/features/payments';
import { settingsQueryOptions } from '@/features/settings';
import { timesheetsQueryOptions } from '@/features/timesheet-reports';
import { dashboardRecentWorkLogsQueryOptions } from '@/features/work-logs';
import { samePath } from './case-insensitive-parser';
import { appPaths } from './routes';

/** Kept fresh five minutes (mail status 30 s), so the first page opened finds it ready. */
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

/** Timesheet history and the pay ledger are asked for on the path change, while the page's code still loads. */
export function usePrefetchOnNavigation() {
  const queryClient = useQueryClient();
  const [location] = useLocation();
  useEffect(() => {
    if (samePath(location, appPaths.timesheetReports)) {
      void queryClient.prefetchQuery(timesheetsQueryOptions());
    }
    if (samePath(location, appPaths.pay)) {
      void queryClient.prefetchQuery(ledgerQueryOptions());
      void queryClient.prefetchQuery(paymentsQueryOptions());
    }
  }, [queryClient, location]);
}
