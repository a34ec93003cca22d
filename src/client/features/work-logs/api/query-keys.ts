import type { QueryClient } from '@tanstack/react-query';
import type { BrandColor } from '@/lib/brand-colors';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import type { WorkLogListParams } from './get-work-logs';

const root = '/api/work-logs';

/**
 * docs/product/screens.md#talking-to-the-server. The lists (the page's, the recent ones, the
 * dashboard's) share `lists()`, so they are found by their key, never by their data's shape.
 */
export const workLogKeys = {
  all: [root] as const,
  lists: () => [root, 'list'] as const,
  list: (params: WorkLogListParams) => [root, 'list', params] as const,
  recent: (limit: number) => [root, 'list', 'recent', { limit }] as const,
  dashboardRecent: () => [root, 'list', 'dashboard'] as const,
  summary: (params: Omit<WorkLogListParams, 'limit' | 'offset'>) =>
    [root, 'summary', params] as const,
  /** A report's logs (timesheet reports), asked from /api/work-logs too. */
  reportPreview: (params: { employerId: number; from: string; to: string }) =>
    [root, 'report-preview', params] as const,
};

const lists = () => ({ queryKey: workLogKeys.lists() });

export function invalidateWorkLogs(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: workLogKeys.all });
}

/** Stops the lists' fetches under way, so one asked before a change cannot land over it. */
export function cancelWorkLogLists(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries(lists());
}

type ListSnapshot = [readonly unknown[], WorkLog[] | undefined][];

/** Changes every cached log the same way, at once; returns what the lists held before. */
function updateListedLogs(queryClient: QueryClient, change: (log: WorkLog) => WorkLog) {
  const before: ListSnapshot = queryClient.getQueriesData<WorkLog[]>(lists());
  queryClient.setQueriesData<WorkLog[]>(lists(), (data) => {
    if (!data) return data;
    let changed = false;
    const next = data.map((log) => {
      const after = change(log);
      if (after !== log) changed = true;
      return after;
    });
    return changed ? next : data;
  });
  return before;
}

export function setNotionSyncInLists(queryClient: QueryClient, id: number, sync: NotionSync) {
  return updateListedLogs(queryClient, (log) =>
    log.id === id ? { ...log, notionSync: sync } : log,
  );
}

/** Shows an employer's new colour on each of its cached logs (docs/product/screens.md#employers). */
export function recolourEmployerInLists(
  queryClient: QueryClient,
  id: number,
  brandColor: BrandColor,
) {
  updateListedLogs(queryClient, (log) =>
    log.employer.id === id ? { ...log, employer: { ...log.employer, brandColor } } : log,
  );
}

/** Puts the lists back as they were, and asks them again in case a cancelled fetch had news. */
export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  void queryClient.invalidateQueries(lists());
}

export type { ListSnapshot };
