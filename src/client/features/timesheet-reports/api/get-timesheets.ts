import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { TimesheetList } from '../../../../shared/schemas/timesheets.ts';

import { timesheetKeys } from './query-keys';

export { timesheetKeys };
/** Reports per page of the history. */
export const TIMESHEETS_PAGE_SIZE = 10;

const noTimesheets = (page: number, pageSize: number): TimesheetList => ({
  items: [],
  total: 0,
  page,
  pageSize,
});

/** GET /api/timesheets?page=&pageSize=: generated reports, newest first. A 401 gives none. */
export async function getTimesheets(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TimesheetList> {
  const url = `/api/timesheets?page=${page}&pageSize=${pageSize}`;
  return (
    (await getJson<TimesheetList>(url, { on401: 'returnNull', signal })) ??
    noTimesheets(page, pageSize)
  );
}

/** Also what the app shell prefetches on the way to this page (docs/product/screens.md#talking-to-the-server). */
export const timesheetsQueryOptions = (page = 1, pageSize = TIMESHEETS_PAGE_SIZE) =>
  queryOptions({
    queryKey: timesheetKeys.page(page, pageSize),
    queryFn: ({ signal }) => getTimesheets(page, pageSize, signal),
  });

/** Keeps the current page on screen while the next one loads. */
export function useTimesheets(page: number) {
  return useQuery({ ...timesheetsQueryOptions(page), placeholderData: keepPreviousData });
}
