import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/**
 * GET /api/work-logs/recent?limit=50: what a new log's employer and hours are guessed from.
 * Its own file so only the lazily loaded work-log form carries it; keyed under the recent
 * logs, so every save refreshes it.
 */
export const latestShiftsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['/api/work-logs/recent', { limit }] as const,
    queryFn: async ({ signal }) =>
      (await getJson<WorkLog[]>(`/api/work-logs/recent?limit=${limit}`, {
        on401: 'returnNull',
        signal,
      })) ?? [],
  });
