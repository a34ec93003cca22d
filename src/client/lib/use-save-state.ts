import { useCallback, useEffect, useRef, useState } from 'react';

/** The four save states, one machine: docs/decisions/011 (buttons here, tabs in use-autosave). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export type SaveTimings = {
  errorResetMs: number;
  closeAfterMs: number;
};

/** Pending timers are dropped on unmount, so a closed dialog does nothing late. */
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
