import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { workLogKeys } from './query-keys';

const RECENT_WORK_LOGS_URL = '/api/dashboard/recent-work-logs';

/** The 7 newest work logs (docs/product/screens.md#limits-and-timings). A 401 gives an empty list. */
export async function getDashboardRecentWorkLogs(signal?: AbortSignal): Promise<WorkLog[]> {
  return (await getJson<WorkLog[]>(RECENT_WORK_LOGS_URL, { on401: 'returnNull', signal })) ?? [];
}

export const dashboardRecentWorkLogsQueryOptions = () =>
  queryOptions({
    queryKey: workLogKeys.dashboardRecent(),
    queryFn: ({ signal }) => getDashboardRecentWorkLogs(signal),
  });

export function useDashboardRecentWorkLogs() {
  return useQuery(dashboardRecentWorkLogsQueryOptions());
}
