import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, userQueryOptions } from '@/features/auth';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type {
  UpdateGeneralSettingsBody,
  UpdateGeneralSettingsResponse,
} from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export function updateGeneralSettings(
  body: UpdateGeneralSettingsBody,
): Promise<UpdateGeneralSettingsResponse> {
  return sendJson<UpdateGeneralSettingsResponse>('PATCH', '/api/settings/general', body);
}

/**
 * Saves part of the profile and preferences. The answer goes straight into the caches the
 * rest of the app reads (the sidebar's name, every time and amount), so they change at once.
 */
export function useUpdateGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGeneralSettings,
    scope: settingsSaveScope,
    onSuccess: ({ user, settings }, body) => {
      queryClient.setQueryData(meQueryKey, user);
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      queryClient.setQueryData(settingsQueryKey, settings);
      // "Today" and the dashboard's periods are computed in the user's zone.
      if (body.timeZone !== undefined) void invalidateAfterSave(queryClient);
    },
  });
}
