import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** Its own file so only the lazy work-log form carries it; keyed under the recent logs. */
export const latestShiftsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['/api/work-logs/recent', { limit }] as const,
    queryFn: async ({ signal }) =>
      (await getJson<WorkLog[]>(`/api/work-logs/recent?limit=${limit}`, {
        on401: 'returnNull',
        signal,
      })) ?? [],
  });
