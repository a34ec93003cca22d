import { useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useUpdateTheme } from '@/features/settings';
import { isSessionEnded } from '@/lib/api-client';
import type { Theme } from '@/lib/theme';
import { useTheme } from '../theme-provider';

const names: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Shown at once, saved for the next sign-in; a failed save brings the previous theme back. */
export function useChooseTheme() {
  const { theme, setTheme } = useTheme();
  const updateTheme = useUpdateTheme();
  const latest = useRef(theme);

  return (next: Theme) => {
    if (next === theme) return;
    const previous = theme;
    latest.current = next;
    setTheme(next);
    updateTheme.mutate(
      { theme: next },
      {
        onError: (error) => {
          if (latest.current !== next) return; // a later pick has taken over
          latest.current = previous;
          setTheme(previous);
          if (isSessionEnded(error)) return;
          toast({
            title: 'Theme not saved',
            description: `We could not save your theme, so it is back to ${names[previous]}. Please try again.`,
            variant: 'destructive',
          });
        },
      },
    );
  };
}
