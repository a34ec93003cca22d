import { useCallback, useState } from 'react';
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { isSessionEnded } from './api-client';
import type { SaveState } from './use-save-state';

/**
 * A tab's autosaves summed up for its indicator (docs/product/screens.md#messages). `save`
 * rejects on failure so the field can keep what it shows; pass stable `send` and `failureToast`.
 */
export function useAutosave<Body extends object, Options>(
  send: (body: Body, options?: Options) => Promise<unknown>,
  failureToast: (error: unknown) => ToastInput,
) {
  const [inFlight, setInFlight] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [savedAny, setSavedAny] = useState(false);

  const settle = useCallback((key: string, ok: boolean) => {
    setInFlight((n) => n - 1);
    if (ok) setSavedAny(true);
    setFailed((keys) => {
      if (ok === !keys.has(key)) return keys;
      const next = new Set(keys);
      if (ok) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const save = useCallback(
    async (body: Body, options?: Options): Promise<void> => {
      // One key per field: a field's later success clears only its own earlier failure.
      const key = Object.keys(body).sort().join(',');
      setInFlight((n) => n + 1);
      try {
        await send(body, options);
        settle(key, true);
      } catch (error) {
        settle(key, false);
        if (!isSessionEnded(error)) toast(failureToast(error));
        throw error;
      }
    },
    [send, failureToast, settle],
  );

  const status: SaveState =
    inFlight > 0 ? 'saving' : failed.size > 0 ? 'error' : savedAny ? 'saved' : 'idle';
  return { status, save };
}
