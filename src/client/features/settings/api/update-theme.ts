import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { Settings, UpdateThemeBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export async function updateTheme(body: UpdateThemeBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/theme', body);
}

const themeSaveKey = ['settings', 'theme'] as const;

/**
 * Keeps the theme picked in the top bar for the next sign-in (docs/product/screens.md#layout). The cached
 * settings change at once; a failure puts the old theme back in the cache (the caller
 * puts it back on screen and says so). Saved in turn with the Settings page's saves, and
 * only `theme` is ever written or put back here: the other fields in the cache come from
 * their own saves, which may be newer than this one's snapshot or answer.
 */
export function useUpdateTheme() {
  const queryClient = useQueryClient();
  const setCachedTheme = (theme: Settings['theme']) =>
    queryClient.setQueryData<Settings | null>(settingsQueryKey, (settings) =>
      settings ? { ...settings, theme } : settings,
    );
  // A later pick still under way decides the theme; this one's outcome must not undo it.
  const laterPickPending = () => queryClient.isMutating({ mutationKey: themeSaveKey }) > 1;

  return useMutation({
    mutationKey: themeSaveKey,
    mutationFn: updateTheme,
    scope: settingsSaveScope,
    onMutate: async ({ theme }) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<Settings | null>(settingsQueryKey)?.theme;
      setCachedTheme(theme);
      return { previous };
    },
    onSuccess: ({ theme }) => {
      if (!laterPickPending()) setCachedTheme(theme);
    },
    onError: (_error, _body, context) => {
      if (context?.previous && !laterPickPending()) setCachedTheme(context.previous);
    },
  });
}
