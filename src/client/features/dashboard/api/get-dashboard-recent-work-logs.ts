import { queryOptions, useQuery } from '@tanstack/react-query';
import { workLogKeys } from '@/features/work-logs';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

const RECENT_WORK_LOGS_URL = '/api/dashboard/recent-work-logs';

/** The 7 newest work logs (docs/product/screens.md#limits-and-timings). A 401 gives an empty list. */
export async function getDashboardRecentWorkLogs(signal?: AbortSignal): Promise<WorkLog[]> {
  return (await getJson<WorkLog[]>(RECENT_WORK_LOGS_URL, { on401: 'returnNull', signal })) ?? [];
}

export const dashboardRecentWorkLogsQueryOptions = () =>
  queryOptions({
    // A list of work logs: it is the work-logs feature's to find and refresh.
    queryKey: workLogKeys.dashboardRecent(),
    queryFn: ({ signal }) => getDashboardRecentWorkLogs(signal),
  });

export function useDashboardRecentWorkLogs() {
  return useQuery(dashboardRecentWorkLogsQueryOptions());
}
