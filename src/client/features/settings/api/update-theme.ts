import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type { Settings, UpdateThemeBody } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey, settingsSaveScope } from './get-settings';

export async function updateTheme(body: UpdateThemeBody): Promise<Settings> {
  return sendJson<Settings>('PATCH', '/api/settings/theme', body);
}

const themeSaveKey = ['settings', 'theme'] as const;

/**
 * docs/product/screens.md#layout. Only `theme` is written or put back in the cache: the other
 * fields come from their own saves, which may be newer than this one's snapshot or answer.
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
