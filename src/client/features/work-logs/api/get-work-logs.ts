import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog, WorkLogListQuery } from '../../../../shared/schemas/work-logs.ts';

import { workLogKeys } from './query-keys';

const WORK_LOGS_URL = '/api/work-logs';

/** Only the parts that are set, so equal filters share one cache entry. */
export type WorkLogListParams = {
  employerId?: number;
  department?: string;
  from?: string;
  to?: string;
  search?: string;
  limit?: number;
  offset?: number;
};

export function workLogsUrl(params: WorkLogListParams, path = WORK_LOGS_URL): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [keyof WorkLogListQuery, unknown][]) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Newest first, filtered by the server. A 401 gives an empty list (docs/product/screens.md#talking-to-the-server). */
export async function getWorkLogs(
  params: WorkLogListParams,
  signal?: AbortSignal,
): Promise<WorkLog[]> {
  return (await getJson<WorkLog[]>(workLogsUrl(params), { on401: 'returnNull', signal })) ?? [];
}

// The default fetcher drops non-string key parts, so this query builds its own URL.
export const workLogsQueryOptions = (params: WorkLogListParams) =>
  queryOptions({
    queryKey: workLogKeys.list(params),
    queryFn: ({ signal }) => getWorkLogs(params, signal),
  });

export const PENDING_SYNC_POLL_MS = 3000;

/** Every PENDING_SYNC_POLL_MS while a listed log waits for the Notion mirror; else never. */
export const pollWhileSyncPending = (query: { state: { data?: WorkLog[] } }): number | false =>
  query.state.data?.some((log) => log.notionSync.state === 'pending')
    ? PENDING_SYNC_POLL_MS
    : false;

/** Keeps the previous page on screen while the next loads; a pending mirror's badge settles. */
export function useWorkLogs(params: WorkLogListParams, { enabled = true } = {}) {
  return useQuery({
    ...workLogsQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileSyncPending,
  });
}
