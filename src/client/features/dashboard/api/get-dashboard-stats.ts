import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardStats } from '../../../../shared/schemas/dashboard.ts';

import { dashboardKeys } from './query-keys';

/** The stat cards' numbers for a period. A 401 gives null (docs/product/screens.md#talking-to-the-server). */
export function getDashboardStats(
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<DashboardStats | null> {
  return getJson<DashboardStats>(`/api/dashboard/stats?period=${period}`, {
    on401: 'returnNull',
    signal,
  });
}

/** Fresh 5 minutes and kept 10 (docs/product/screens.md#limits-and-timings): the query client's defaults. */
export const dashboardStatsQueryOptions = (period: DashboardPeriod = 'week') =>
  queryOptions({
    queryKey: dashboardKeys.stats(period),
    queryFn: ({ signal }) => getDashboardStats(period, signal),
  });

/** While another period loads, the cards keep the last numbers instead of a skeleton. */
export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({ ...dashboardStatsQueryOptions(period), placeholderData: keepPreviousData });
}
