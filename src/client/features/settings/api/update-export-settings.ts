import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { Settings, UpdateExportSettingsBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export function updateExportSettings(body: UpdateExportSettingsBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/export', body);
}

/** Rounding and the tax method change every shown amount, so those are fetched again. */
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
