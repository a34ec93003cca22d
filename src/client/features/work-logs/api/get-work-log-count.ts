import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLogCount } from '../../../../shared/schemas/work-logs.ts';
import { type WorkLogListParams, workLogsQueryKey, workLogsUrl } from './get-work-logs';

type CountParams = Omit<WorkLogListParams, 'limit' | 'offset'>;

/** How many logs match the filters. Keyed under '/api/work-logs', so saves refresh it too. */
export const workLogCountQueryOptions = (params: CountParams) =>
  queryOptions({
    queryKey: [workLogsQueryKey, 'count', params] as const,
    queryFn: async ({ signal }) =>
      (await getJson<WorkLogCount>(workLogsUrl(params, `${workLogsQueryKey}/count`), {
        on401: 'returnNull',
        signal,
      })) ?? { count: 0 },
  });

export function useWorkLogCount(params: CountParams, { enabled = true } = {}) {
  return useQuery({ ...workLogCountQueryOptions(params), enabled });
}
