import { useCallback, useEffect, useRef, useState } from 'react';
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { isSessionEnded } from './api-client';

/**
 * The four save states (docs/product/screens.md#states), the one machine for them
 * (docs/decisions/011): a button's save (`useSaveState`) and a tab's autosaves (`useAutosave`).
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export type SaveTimings = {
  /** How long "Try Again" stays before the button is idle again. */
  errorResetMs: number;
  /** How long "Saved" shows before `onSaved` runs (the dialog closes, or the button is idle). */
  closeAfterMs: number;
};

/**
 * idle → saving → saved (then `onSaved` after `closeAfterMs`) or error (back to idle after
 * `errorResetMs`). `succeed(reset)` shows "Saved" for `closeAfterMs`, then idle. Pending timers
 * are dropped on unmount, so a closed dialog does nothing late.
 */
export function useSaveState({ errorResetMs, closeAfterMs }: SaveTimings) {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clear, [clear]);

  const start = useCallback(() => {
    clear();
    setState('saving');
  }, [clear]);

  /** Back to idle at once: the save stopped to ask the user something. */
  const reset = useCallback(() => {
    clear();
    setState('idle');
  }, [clear]);

  const succeed = useCallback(
    (onSaved?: () => void) => {
      clear();
      setState('saved');
      if (onSaved) timer.current = setTimeout(onSaved, closeAfterMs);
    },
    [clear, closeAfterMs],
  );

  const fail = useCallback(() => {
    clear();
    setState('error');
    timer.current = setTimeout(() => setState('idle'), errorResetMs);
  }, [clear, errorResetMs]);

  return { state, start, succeed, fail, reset };
}

/**
 * A tab's autosaves, summed up for its quiet indicator: 'saving' while any is under way,
 * 'error' while some field's last save failed (a later success of that field clears it), else
 * 'saved' once anything was saved. A failure shows `failureToast(error)`
 * (docs/product/screens.md#messages) unless the session ended (the sign-out says so); the
 * returned promise rejects then, so the field can keep (or put back) what it shows.
 * `send` and `failureToast` should be stable, so `save` is too.
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
