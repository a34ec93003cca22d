import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsQueryKey } from '@/features/settings';
import { sendJson } from '@/lib/api-client';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { paymentKeys } from './query-keys';

/**
 * PATCH /api/settings/export with the days a payday may pass before a period is late. Here, not
 * on the Settings page (at its bundle budget): the ledger it changes is on this page.
 */
export function useUpdateGraceDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentGraceDays: number) =>
      sendJson<Settings>('PATCH', '/api/settings/export', { paymentGraceDays }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.ledger });
    },
  });
}
