import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardStats } from '../../../../shared/schemas/dashboard.ts';

/** The first part of the key is the URL, so a save's refresh (invalidate-after-save) reaches it. */
export const dashboardStatsQueryKey = '/api/dashboard/stats';

/** The stat cards' numbers for a period. A 401 gives null (docs/product/screens.md#talking-to-the-server). */
export function getDashboardStats(
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<DashboardStats | null> {
  return getJson<DashboardStats>(`${dashboardStatsQueryKey}?period=${period}`, {
    on401: 'returnNull',
    signal,
  });
}

/** Fresh 5 minutes and kept 10 (docs/product/screens.md#limits-and-timings): the query client's defaults. */
export const dashboardStatsQueryOptions = (period: DashboardPeriod = 'week') =>
  queryOptions({
    queryKey: [dashboardStatsQueryKey, { period }] as const,
    queryFn: ({ signal }) => getDashboardStats(period, signal),
  });

/** While another period loads, the cards keep the last numbers instead of a skeleton. */
export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({ ...dashboardStatsQueryOptions(period), placeholderData: keepPreviousData });
}
