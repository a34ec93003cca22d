import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { UpcomingTimesheet } from '../../../../shared/schemas/timesheets.ts';
import { timesheetKeys } from './get-timesheets';

/** The next period due per active employer, soonest first. A 401 gives none. */
export async function getUpcomingTimesheets(signal?: AbortSignal): Promise<UpcomingTimesheet[]> {
  return (
    (await getJson<UpcomingTimesheet[]>('/api/timesheets/upcoming', {
      on401: 'returnNull',
      signal,
    })) ?? []
  );
}

export const upcomingTimesheetsQueryOptions = () =>
  queryOptions({
    queryKey: timesheetKeys.upcoming(),
    queryFn: ({ signal }) => getUpcomingTimesheets(signal),
  });

export function useUpcomingTimesheets() {
  return useQuery(upcomingTimesheetsQueryOptions());
}
