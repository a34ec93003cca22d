import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { Settings, UpdateExportSettingsBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export function updateExportSettings(body: UpdateExportSettingsBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/export', body);
}

/** Rounding and the tax method are defaults for new employers: no amount shown changes. */
export function useUpdateExportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExportSettings,
    scope: settingsSaveScope,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
    },
  });
}
