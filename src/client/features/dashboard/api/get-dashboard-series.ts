import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardSeries } from '../../../../shared/schemas/dashboard.ts';

export const dashboardSeriesQueryKey = '/api/dashboard/weekly-hours';

/** The chart's hours per day and employer for a period. A 401 gives null. */
export function getDashboardSeries(
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<DashboardSeries | null> {
  return getJson<DashboardSeries>(`${dashboardSeriesQueryKey}?period=${period}`, {
    on401: 'returnNull',
    signal,
  });
}

export const dashboardSeriesQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: [dashboardSeriesQueryKey, { period }] as const,
    queryFn: ({ signal }) => getDashboardSeries(period, signal),
  });

export function useDashboardSeries(period: DashboardPeriod) {
  return useQuery({ ...dashboardSeriesQueryOptions(period), placeholderData: keepPreviousData });
}
