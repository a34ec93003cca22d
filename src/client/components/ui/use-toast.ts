// The store lives in the entry chunk; the Radix toast UI loads with the first toast.
import { type ReactNode, useEffect, useState } from 'react';

/** docs/product/screens.md#toasts. */
export const TOAST_LIMIT = 1;
/** docs/product/screens.md#limits-and-timings. */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const SUCCESS_TOAST_DURATION = 4500;

export type ToastVariant = 'default' | 'destructive' | 'success';

/** A button in the toast (Undo): reachable with Tab after F8; `altText` says how without it. */
export type ToastAction = { label: string; altText: string; onAction: () => void };

export type ToastData = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
  open: boolean;
};

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

type State = { toasts: ToastData[] };

let count = 0;
let memoryState: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

export function dismissToast(id?: string) {
  for (const t of memoryState.toasts) {
    if (id === undefined || t.id === id) scheduleRemoval(t.id);
  }
  setState({
    toasts: memoryState.toasts.map((t) =>
      id === undefined || t.id === id ? { ...t, open: false } : t,
    ),
  });
}

export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const duration =
    input.duration ?? (input.variant === 'success' ? SUCCESS_TOAST_DURATION : TOAST_DURATION);
  setState({
    toasts: [{ ...input, duration, id, open: true }, ...memoryState.toasts].slice(0, TOAST_LIMIT),
  });
  return { id, dismiss: () => dismissToast(id) };
}

export function resetToasts() {
  for (const timeout of removeTimeouts.values()) clearTimeout(timeout);
  removeTimeouts.clear();
  setState({ toasts: [] });
}

export function useToast() {
  const [state, setLocal] = useState(memoryState);
  useEffect(() => {
    listeners.add(setLocal);
    setLocal(memoryState);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
