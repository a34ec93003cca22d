import { useCallback, useSyncExternalStore } from 'react';

/** docs/product/screens.md#limits-and-timings. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/** Read before the first paint, so no flash. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY, true);
}
