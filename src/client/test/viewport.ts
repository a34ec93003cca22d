import { onTestFinished } from 'vitest';
import { DESKTOP_QUERY } from '@/lib/use-media-query';

/**
 * Makes the window as wide as a desktop (from 768 px: tables, not cards) until the test ends.
 * Only the desktop query matches; every other one is answered as the window answers it.
 */
export function desktop() {
  const original = window.matchMedia;
  // A real browser's MediaQueryList keeps its methods on the prototype, so they are bound, not spread.
  window.matchMedia = ((media: string) => {
    const list = original(media);
    return {
      matches: media === DESKTOP_QUERY,
      media,
      onchange: null,
      addEventListener: list.addEventListener.bind(list),
      removeEventListener: list.removeEventListener.bind(list),
      addListener: list.addListener.bind(list),
      removeListener: list.removeListener.bind(list),
      dispatchEvent: list.dispatchEvent.bind(list),
    };
  }) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = original;
  });
}
