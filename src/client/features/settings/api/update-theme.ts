import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { Settings, UpdateThemeBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey } from './get-settings';

export async function updateTheme(body: UpdateThemeBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/theme', body);
}

/**
 * Keeps the theme picked in the top bar for the next sign-in (SPEC.md §2). The cached
 * settings change at once; a failure puts the old theme back in the cache (the caller
 * puts it back on screen and says so).
 */
export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTheme,
    onMutate: async ({ theme }) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<Settings | null>(settingsQueryKey);
      if (previous) queryClient.setQueryData<Settings>(settingsQueryKey, { ...previous, theme });
      return { previous };
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
    },
  });
}
