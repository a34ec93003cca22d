import { useEffect, useRef } from 'react';
import { useSettings } from '@/features/settings';
import { useTheme } from '../theme-provider';

/**
 * docs/product/screens.md#layout: after sign-in the theme of the settings response (light, dark or system) is
 * applied and kept in localStorage, so the next page load starts in it with no flash. Only
 * once per sign-in, so a theme picked in the top bar afterwards is not undone by a refetch.
 */
export function useApplySettingsTheme(enabled: boolean) {
  const { data: settings } = useSettings();
  const { setTheme } = useTheme();
  const applied = useRef(false);
  useEffect(() => {
    if (!enabled || applied.current || !settings) return;
    applied.current = true;
    setTheme(settings.theme);
  }, [enabled, settings, setTheme]);
}
