import { useCallback, useState } from 'react';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * What the quiet indicator says about the autosaves of one tab: 'saving' while any is under
 * way, 'error' while some field's last save failed (a later success of that field clears
 * it), else 'saved' once anything was saved.
 */
export function useSaveStatus() {
  const [inFlight, setInFlight] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [savedAny, setSavedAny] = useState(false);

  const track = useCallback(<T>(key: string, promise: Promise<T>): Promise<T> => {
    setInFlight((n) => n + 1);
    const settle = (ok: boolean) => {
      setInFlight((n) => n - 1);
      if (ok) setSavedAny(true);
      setFailed((keys) => {
        if (ok === !keys.has(key)) return keys;
        const next = new Set(keys);
        if (ok) next.delete(key);
        else next.add(key);
        return next;
      });
    };
    promise.then(
      () => settle(true),
      () => settle(false),
    );
    return promise;
  }, []);

  const status: SaveStatus =
    inFlight > 0 ? 'saving' : failed.size > 0 ? 'error' : savedAny ? 'saved' : 'idle';
  return { status, track };
}
