import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** SPEC.md §4, employer save button: how long "Try Again" stays, and when the dialog closes. */
export const saveTimings = {
  add: { errorResetMs: 2000, closeAfterMs: 800 },
  edit: { errorResetMs: 3000, closeAfterMs: 500 },
} as const;

type Timings = { errorResetMs: number; closeAfterMs: number };

/**
 * idle → saving → saved (then `onSaved` after `closeAfterMs`) or error (back to idle after
 * `errorResetMs`). Pending timers are dropped on unmount, so a closed dialog does nothing late.
 */
export function useSaveButtonState({ errorResetMs, closeAfterMs }: Timings) {
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

  return { state, start, succeed, fail };
}
