import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What features lend the app's keyboard shortcuts (app/shortcuts): `t` calls the handler
 * registered as 'timer.toggle', and is neither active nor listed while none is. A handler may
 * answer the words screen readers hear ("Timer started"); otherwise they hear "Timer".
 */
export type ShortcutActionName = 'timer.toggle';
/** Any return but a string is ignored. */
export type ShortcutAction = () => unknown;

const actions = new Map<ShortcutActionName, ShortcutAction>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Registers the handler; the function returned removes it (if it is still the one registered). */
export function registerShortcutAction(name: ShortcutActionName, action: ShortcutAction) {
  actions.set(name, action);
  changed();
  return () => {
    if (actions.get(name) !== action) return;
    actions.delete(name);
    changed();
  };
}

export const hasShortcutAction = (name: ShortcutActionName) => actions.has(name);

/** Runs the handler: undefined when none is registered, else the words it answered (or ''). */
export function runShortcutAction(name: ShortcutActionName): string | undefined {
  const action = actions.get(name);
  if (!action) return undefined;
  const words = action();
  return typeof words === 'string' ? words : '';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useShortcutActionAvailable(name: ShortcutActionName): boolean {
  return useSyncExternalStore(
    subscribe,
    () => actions.has(name),
    () => false,
  );
}

/** Registers `action` while the component is mounted; always calls its latest version. */
export function useShortcutAction(name: ShortcutActionName, action: ShortcutAction) {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => registerShortcutAction(name, () => latest.current()), [name]);
}
