import { useEffect, useRef } from 'react';
import { useSettings } from '@/features/settings/api/get-settings';
import { useTheme } from '../theme-provider';

/**
 * SPEC.md §2: after sign-in the theme of the settings response is applied. Only once per
 * sign-in, so a theme picked in the top bar afterwards is not overwritten by a refetch.
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
