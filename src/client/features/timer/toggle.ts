// The timer control's one entry point from outside (a keyboard shortcut, say): it opens the
// control's dialog — the start form when idle, the running timer's actions otherwise.
import { useCallback, useEffect } from 'react';

const listeners = new Set<() => void>();

/** Opens (or closes) the timer dialog of the control in the top bar. */
export function toggleTimer(): void {
  for (const listener of listeners) listener();
}

/** For a component that wants the toggle as a stable callback. */
export function useTimerToggle(): () => void {
  return useCallback(() => toggleTimer(), []);
}

/** The control's side: called on every toggleTimer() while mounted. */
export function useOnTimerToggle(listener: () => void): void {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}
