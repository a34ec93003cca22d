import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { recentWorkLogsQueryKey } from '../api/get-recent-work-logs';
import { workLogsQueryKey } from '../api/get-work-logs';

/**
 * The caches that list work logs (docs/product/screens.md#talking-to-the-server). '/api/work-logs' also starts the summary's
 * key, which holds no list and is left alone.
 */
const WORK_LOG_LIST_KEYS = [
  workLogsQueryKey,
  recentWorkLogsQueryKey,
  '/api/dashboard/recent-work-logs',
] as const;

export type ListSnapshot = [QueryKey, unknown][];

const isWorkLogList = (data: unknown): data is WorkLog[] =>
  Array.isArray(data) &&
  data.every((item) => item && typeof item === 'object' && 'notionSync' in item);

const listFilters = () => WORK_LOG_LIST_KEYS.map((key) => ({ queryKey: [key] }));

/** Stops the lists' fetches under way, so one asked before a change cannot land over it. */
export async function cancelListFetches(queryClient: QueryClient): Promise<void> {
  await Promise.all(listFilters().map((filter) => queryClient.cancelQueries(filter)));
}

/**
 * Shows `sync` as the mirror state of log `id` in every cached list, at once. Returns what the
 * lists held before, for `restoreLists`.
 */
export function setNotionSyncInLists(
  queryClient: QueryClient,
  id: number,
  sync: NotionSync,
): ListSnapshot {
  const filters = listFilters();
  const before = filters.flatMap((filter) => queryClient.getQueriesData<unknown>(filter));
  for (const filter of filters) {
    queryClient.setQueriesData<unknown>(filter, (data: unknown) =>
      isWorkLogList(data)
        ? data.map((log) => (log.id === id ? { ...log, notionSync: sync } : log))
        : data,
    );
  }
  return before;
}

/** Puts the lists back as they were, and asks them again in case a cancelled fetch had news. */
export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  for (const filter of listFilters()) void queryClient.invalidateQueries(filter);
}
