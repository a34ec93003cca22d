import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Settings } from '../../../../shared/schemas/settings.ts';

export const settingsQueryKey = ['/api/settings'] as const;

export function getSettings(signal?: AbortSignal): Promise<Settings | null> {
  return getJson<Settings>('/api/settings', { on401: 'returnNull', signal });
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/**
 * Settings saves run in series: each answer carries the whole settings, so an older answer
 * arriving last would put back a value the user has changed since.
 */
export const settingsSaveScope = { id: 'settings-save' } as const;
