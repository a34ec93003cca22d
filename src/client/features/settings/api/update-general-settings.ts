import {
  matchMutation,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { setSignedInUser } from '@/features/auth';
import { type RequestOptions, sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type {
  UpdateGeneralSettingsBody,
  UpdateGeneralSettingsResponse,
} from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export function updateGeneralSettings(
  body: UpdateGeneralSettingsBody,
  options?: RequestOptions,
): Promise<UpdateGeneralSettingsResponse> {
  return sendJson<UpdateGeneralSettingsResponse>('PATCH', '/api/settings/general', body, options);
}

const generalSaveKey = ['settings', 'general'] as const;

function useApplyAnswer() {
  const queryClient = useQueryClient();
  return ({ user, settings }: UpdateGeneralSettingsResponse, body: UpdateGeneralSettingsBody) => {
    setSignedInUser(queryClient, user);
    queryClient.setQueryData(settingsQueryKey, settings);
    // "Today" and the dashboard's periods are computed in the user's zone.
    if (body.timeZone !== undefined) void invalidateAfterSave(queryClient);
  };
}

export function useUpdateGeneralSettings() {
  return useMutation({
    mutationKey: generalSaveKey,
    mutationFn: (body: UpdateGeneralSettingsBody) => updateGeneralSettings(body),
    scope: settingsSaveScope,
    onSuccess: useApplyAnswer(),
  });
}

/** Not queued behind other saves: the page being left may be gone before its turn. */
export function useUpdateGeneralSettingsOnLeave() {
  return useMutation({
    mutationKey: generalSaveKey,
    mutationFn: (body: UpdateGeneralSettingsBody) =>
      updateGeneralSettings(body, { keepalive: true }),
    onSuccess: useApplyAnswer(),
  });
}

export function pendingGeneralValue<K extends keyof UpdateGeneralSettingsBody>(
  queryClient: QueryClient,
  field: K,
): UpdateGeneralSettingsBody[K] | undefined {
  const pending = queryClient
    .getMutationCache()
    .findAll({ mutationKey: generalSaveKey, status: 'pending' })
    .sort((a, b) => a.mutationId - b.mutationId);
  let value: UpdateGeneralSettingsBody[K] | undefined;
  for (const mutation of pending) {
    const sent = (mutation.state.variables as UpdateGeneralSettingsBody | undefined)?.[field];
    if (sent !== undefined) value = sent;
  }
  return value;
}

export function onGeneralSaveFailed(
  queryClient: QueryClient,
  listener: (body: UpdateGeneralSettingsBody) => void,
): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (!matchMutation({ mutationKey: generalSaveKey }, event.mutation)) return;
    listener(event.mutation.state.variables as UpdateGeneralSettingsBody);
  });
}
