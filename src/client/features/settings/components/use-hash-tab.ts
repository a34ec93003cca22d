import { useCallback, useEffect, useState } from 'react';

const readHash = () => decodeURIComponent(window.location.hash.slice(1)).toLowerCase();

/** Switching replaces the history entry: Back leaves the page instead of stepping through tabs. */
export function useHashTab<T extends string>(available: readonly T[]): [T, (tab: T) => void] {
  const [requested, setRequested] = useState(readHash);
  useEffect(() => {
    const onHashChange = () => setRequested(readHash());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const first = available[0] as T;
  const active = available.find((tab) => tab === requested) ?? first;
  const choose = useCallback(
    (tab: T) => {
      setRequested(tab);
      const { pathname, search } = window.location;
      const hash = tab === first ? '' : `#${tab}`;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    },
    [first],
  );
  return [active, choose];
}
