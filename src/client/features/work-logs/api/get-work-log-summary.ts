import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { WorkLogSummary } from '../../../../shared/schemas/work-logs.ts';
import { type WorkLogListParams, workLogsUrl } from './get-work-logs';
import { workLogKeys } from './query-keys';

/** The list's filters, without its paging: the summary covers every page. */
export type WorkLogFilterParams = Omit<WorkLogListParams, 'limit' | 'offset'>;

const noLogs: WorkLogSummary = {
  count: 0,
  totalHours: '0.0',
  totalEarnings: '0.00',
  regularEarnings: '0.00',
  premiumEarnings: '0.00',
  overtimeEarnings: '0.00',
  totalTips: '0.00',
  totalExpenses: '0.00',
};

export async function getWorkLogSummary(
  params: WorkLogFilterParams,
  signal?: AbortSignal,
): Promise<WorkLogSummary> {
  const url = workLogsUrl(params, '/api/work-logs/summary');
  return (await getJson<WorkLogSummary>(url, { on401: 'returnNull', signal })) ?? noLogs;
}

/** Keyed under '/api/work-logs', so every save and delete refreshes it too. */
export const workLogSummaryQueryOptions = (params: WorkLogFilterParams) =>
  queryOptions({
    queryKey: workLogKeys.summary(params),
    queryFn: ({ signal }) => getWorkLogSummary(params, signal),
  });

export function useWorkLogSummary(params: WorkLogFilterParams, { enabled = true } = {}) {
  return useQuery({ ...workLogSummaryQueryOptions(params), enabled });
}
