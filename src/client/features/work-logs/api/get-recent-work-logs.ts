import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { workLogKeys } from './query-keys';

/** docs/product/screens.md#limits-and-timings: the dashboard shows up to 7 recent logs. */
export const RECENT_WORK_LOGS_LIMIT = 7;
const RECENT_URL = '/api/work-logs/recent';

export async function getRecentWorkLogs(
  limit = RECENT_WORK_LOGS_LIMIT,
  signal?: AbortSignal,
): Promise<WorkLog[]> {
  return (
    (await getJson<WorkLog[]>(`${RECENT_URL}?limit=${limit}`, {
      on401: 'returnNull',
      signal,
    })) ?? []
  );
}

export const recentWorkLogsQueryOptions = (limit = RECENT_WORK_LOGS_LIMIT) =>
  queryOptions({
    queryKey: workLogKeys.recent(limit),
    queryFn: ({ signal }) => getRecentWorkLogs(limit, signal),
  });

export function useRecentWorkLogs(limit = RECENT_WORK_LOGS_LIMIT) {
  return useQuery(recentWorkLogsQueryOptions(limit));
}
