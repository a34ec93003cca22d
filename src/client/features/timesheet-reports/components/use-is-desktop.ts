import { useSyncExternalStore } from 'react';

/** SPEC.md §9: the layout switches at 768 px (as the Work Logs page does). */
const DESKTOP_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(DESKTOP_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True from 768 px: tables; below, cards. Read before the first paint, so no flash. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}
