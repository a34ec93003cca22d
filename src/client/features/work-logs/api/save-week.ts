import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { WeekSaveBody, WeekSaveResult } from '../../../../shared/schemas/week-save.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** POST /api/work-logs/week: the grid's new, changed and cleared shifts, all saved or none. */
export function saveWeek(body: WeekSaveBody): Promise<WeekSaveResult> {
  return sendJson<WeekSaveResult>('POST', '/api/work-logs/week', body);
}

/** Resolves once the lists (the week's among them) are asked again, so the grid shows them. */
export function useSaveWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeek,
    onSuccess: () => invalidateAfterSave(queryClient),
  });
}

const root = '/api/work-logs';

/**
 * The week's shifts (up to 1000) and the latest ones (for each employer's usual start). Keys of
 * their own under /api/work-logs, so every save refreshes them; kept apart from the lists' key
 * factory, which the app shell loads: importing it here would split the shell's chunks.
 */
export function useWeekShifts(from: string, to: string, recentLimit: number) {
  const week = useQuery({
    queryKey: [root, 'week', { from, to }],
    queryFn: async ({ signal }) =>
      (await getJson<WorkLog[]>(`${root}?from=${from}&to=${to}&limit=1000`, {
        on401: 'returnNull',
        signal,
      })) ?? [],
  });
  const recent = useQuery({
    queryKey: [root, 'week', 'recent', { limit: recentLimit }],
    queryFn: async ({ signal }) =>
      (await getJson<WorkLog[]>(`${root}/recent?limit=${recentLimit}`, {
        on401: 'returnNull',
        signal,
      })) ?? [],
  });
  return { week, recent };
}
