import { onTestFinished } from 'vitest';
import { DESKTOP_QUERY } from '@/lib/use-media-query';

/**
 * Makes the window as wide as a desktop (from 768 px: tables, not cards) until the test ends.
 * Only the desktop query matches; jsdom answers every other one as ./setup.ts does.
 */
export function desktop() {
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    ...original(media),
    matches: media === DESKTOP_QUERY,
  })) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = original;
  });
}
