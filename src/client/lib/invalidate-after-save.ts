import type { QueryClient } from '@tanstack/react-query';

/**
 * docs/product/screens.md#talking-to-the-server, "After saving a work log or employer": the
 * root of every feature's cache a save can change (each feature's key factory starts its keys
 * with one: workLogKeys.all, employerKeys.all, timesheetKeys.all and the dashboard's figures;
 * scripts/refreshed-keys.test.ts holds them together and against the server's GET routes).
 */
export const keysRefreshedAfterSave = [
  '/api/work-logs',
  '/api/dashboard/stats',
  '/api/dashboard/weekly-hours',
  '/api/employers',
  '/api/timesheets',
] as const;

export function invalidateAfterSave(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    keysRefreshedAfterSave.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
