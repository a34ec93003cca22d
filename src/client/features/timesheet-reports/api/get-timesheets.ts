import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimesheetList } from '../../../../shared/schemas/timesheets.ts';
// Relative, not '@/': scripts/refreshed-keys.test.ts reads timesheetKeys from here.
import { getJson } from '../../../lib/api-client';

/** The reports' caches: the history's pages and the upcoming ones, all under GET /api/timesheets. */
export const timesheetKeys = {
  all: ['/api/timesheets'] as const,
  page: (page: number, pageSize: number) => ['/api/timesheets', { page, pageSize }] as const,
  /** GET /api/timesheets/upcoming (the default fetcher would join it so too). */
  upcoming: () => ['/api/timesheets', 'upcoming'] as const,
};
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
