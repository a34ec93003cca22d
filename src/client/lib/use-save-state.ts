import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The four save states (docs/product/screens.md#states), the one machine for them
 * (docs/decisions/011): a button's save (`useSaveState`) and a tab's autosaves (`useAutosave`,
 * in its own file so the Settings page takes it without the button's machine).
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
