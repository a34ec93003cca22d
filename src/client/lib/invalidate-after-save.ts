import type { QueryClient } from '@tanstack/react-query';

/**
 * docs/product/screens.md#talking-to-the-server; scripts/refreshed-keys.test.ts checks these
 * against the features' key factories and the server's GET routes.
 */
export const keysRefreshedAfterSave = [
  '/api/work-logs',
  '/api/dashboard/stats',
  '/api/dashboard/weekly-hours',
  '/api/employers',
  '/api/timesheets',
  // A shift or an employer's rate changes what each pay period should pay.
  '/api/payments/ledger',
] as const;

export function invalidateAfterSave(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    keysRefreshedAfterSave.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
