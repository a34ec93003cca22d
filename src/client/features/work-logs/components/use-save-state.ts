import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'loading' | 'success' | 'error';

/** SPEC.md §4, work-log save button: "Try Again" returns to idle after about 1.5 s. */
export const ERROR_RESET_MS = 1500;
/** Long enough to see the check mark before the dialog closes. */
export const CLOSE_AFTER_SUCCESS_MS = 800;

/**
 * idle → loading → success (then `onDone` after CLOSE_AFTER_SUCCESS_MS) or error (back to
 * idle after ERROR_RESET_MS). Timers die with the component, so a closed dialog does nothing late.
 */
export function useSaveState() {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clear, [clear]);

  const start = useCallback(() => {
    clear();
    setState('loading');
  }, [clear]);

  const succeed = useCallback(
    (onDone: () => void) => {
      clear();
      setState('success');
      timer.current = setTimeout(onDone, CLOSE_AFTER_SUCCESS_MS);
    },
    [clear],
  );

  const fail = useCallback(() => {
    clear();
    setState('error');
    timer.current = setTimeout(() => setState('idle'), ERROR_RESET_MS);
  }, [clear]);

  return { state, start, succeed, fail };
}
