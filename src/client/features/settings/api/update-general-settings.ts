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

/** Both ways of saving below: pendingGeneralValue finds their saves still under way. */
const generalSaveKey = ['settings', 'general'] as const;

/**
 * The answer goes straight into the caches the rest of the app reads (the sidebar's name,
 * every time and amount), so they change at once.
 */
function useApplyAnswer() {
  const queryClient = useQueryClient();
  return ({ user, settings }: UpdateGeneralSettingsResponse, body: UpdateGeneralSettingsBody) => {
    setSignedInUser(queryClient, user);
    queryClient.setQueryData(settingsQueryKey, settings);
    // "Today" and the dashboard's periods are computed in the user's zone.
    if (body.timeZone !== undefined) void invalidateAfterSave(queryClient);
  };
}

/** Saves part of the profile and preferences, after any save of settings still under way. */
export function useUpdateGeneralSettings() {
  return useMutation({
    mutationKey: generalSaveKey,
    mutationFn: (body: UpdateGeneralSettingsBody) => updateGeneralSettings(body),
    scope: settingsSaveScope,
    onSuccess: useApplyAnswer(),
  });
}

/**
 * The same save for a page being left (closed, reloaded, hidden): sent at once with
 * `keepalive`, not queued behind other saves, since the page may be gone before its turn.
 */
export function useUpdateGeneralSettingsOnLeave() {
  return useMutation({
    mutationKey: generalSaveKey,
    mutationFn: (body: UpdateGeneralSettingsBody) =>
      updateGeneralSettings(body, { keepalive: true }),
    onSuccess: useApplyAnswer(),
  });
}

/**
 * The latest value of `field` sent and not yet answered (the newest save wins), if any. A
 * field shown again while its save is under way starts from this, not from the older cache.
 */
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

/** Calls back with each general save that fails (its body); returns the unsubscribe. */
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
