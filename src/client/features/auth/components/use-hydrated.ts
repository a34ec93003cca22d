import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders the page at build time and while it hydrates that HTML in the
 * browser; true from the next render on, and at once when the page is rendered in the
 * browser. The sign-in forms stay disabled until then, so a click or an Enter before the
 * JavaScript is ready is never lost nor sent as a plain form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
