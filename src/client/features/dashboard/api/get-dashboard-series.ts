import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardSeries } from '../../../../shared/schemas/dashboard.ts';
import { dashboardKeys } from './query-keys';

/** The chart's hours per day and employer for a period. A 401 gives null. */
export function getDashboardSeries(
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<DashboardSeries | null> {
  return getJson<DashboardSeries>(`/api/dashboard/weekly-hours?period=${period}`, {
    on401: 'returnNull',
    signal,
  });
}

export const dashboardSeriesQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.series(period),
    queryFn: ({ signal }) => getDashboardSeries(period, signal),
  });

export function useDashboardSeries(period: DashboardPeriod) {
  return useQuery({ ...dashboardSeriesQueryOptions(period), placeholderData: keepPreviousData });
}
