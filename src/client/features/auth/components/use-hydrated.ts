import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while prerendering and hydrating. The sign-in forms stay disabled until then, so a click
 * before the JavaScript is ready is never lost nor sent as a plain form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
