import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

export const dashboardRecentWorkLogsQueryKey = '/api/dashboard/recent-work-logs';

/** The 7 newest work logs (docs/product/screens.md#limits-and-timings). A 401 gives an empty list. */
export async function getDashboardRecentWorkLogs(signal?: AbortSignal): Promise<WorkLog[]> {
  return (
    (await getJson<WorkLog[]>(dashboardRecentWorkLogsQueryKey, { on401: 'returnNull', signal })) ??
    []
  );
}

export const dashboardRecentWorkLogsQueryOptions = () =>
  queryOptions({
    queryKey: [dashboardRecentWorkLogsQueryKey] as const,
    queryFn: ({ signal }) => getDashboardRecentWorkLogs(signal),
  });

export function useDashboardRecentWorkLogs() {
  return useQuery(dashboardRecentWorkLogsQueryOptions());
}
