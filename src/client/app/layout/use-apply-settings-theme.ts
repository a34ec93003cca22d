import { useEffect, useRef } from 'react';
import { useSettings } from '@/features/settings';
import { useTheme } from '../theme-provider';

/** Once per sign-in, so a theme picked in the top bar afterwards is not undone by a refetch. */
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
