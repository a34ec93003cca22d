import type { QueryClient } from '@tanstack/react-query';

/** docs/product/screens.md#talking-to-the-server, "After saving a work log or employer": every cache these keys start. */
export const keysRefreshedAfterSave = [
  '/api/work-logs',
  '/api/work-logs/recent',
  '/api/dashboard/recent-work-logs',
  '/api/dashboard/stats',
  '/api/dashboard/weekly-hours',
  '/api/employers',
  '/api/timesheets',
  '/api/timesheets/upcoming',
] as const;

export function invalidateAfterSave(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    keysRefreshedAfterSave.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
