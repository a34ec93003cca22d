import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { Settings, UpdateExportSettingsBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

/** PATCH /api/settings/export answers the full settings (docs/product/screens.md#talking-to-the-server). */
export function updateExportSettings(body: UpdateExportSettingsBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/export', body);
}

/**
 * Saves one export choice. Rounding and the tax method change the hours and amounts every
 * list, total and the dashboard show, so those are fetched again.
 */
export function useUpdateExportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExportSettings,
    scope: settingsSaveScope,
    onSuccess: (settings, body) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      if (body.roundTime !== undefined || body.taxCalculation !== undefined)
        void invalidateAfterSave(queryClient);
    },
  });
}
