// The week grid's typed cells, kept outside React state (decision 049). A keystroke renders
// nothing at once: the typed cell is the browser's own input, and what was typed reaches the
// row, the day totals and the Save button in a render of their own after it (a transition,
// which the next keystroke may interrupt). The page around them, whose queries and dialogs have
// nothing to do with typing, renders only when the week turns from untouched to changed or back.
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Drafts } from './week-grid-model';

export type DraftStore = {
  get(): Drafts;
  /** Replaces the drafts; listeners hear of it only when they changed. */
  set(next: Drafts): void;
  subscribe(listener: () => void): () => void;
};

const NONE: Drafts = {};

export function createDraftStore(initial: Drafts = NONE): DraftStore {
  let drafts = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => drafts,
    set(next) {
      if (next === drafts) return;
      drafts = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * A part of the typed cells, as of the last render after the keystrokes: the component renders
 * again, in a transition, when the part changes (by Object.is), so `select` must answer the same
 * object for the same drafts, and must not change between renders (it is read once).
 */
export function useDraftsLater<T>(store: DraftStore, select: (drafts: Drafts) => T): T {
  const selectRef = useRef(select);
  const [value, setValue] = useState(() => select(store.get()));
  useEffect(() => {
    const update = () => startTransition(() => setValue(selectRef.current(store.get())));
    // What was typed between the first render and this subscription.
    update();
    return store.subscribe(update);
  }, [store]);
  return value;
}

const everything = (drafts: Drafts) => drafts;

/** Every typed cell, as of the last render after the keystrokes (see useDraftsLater). */
export function useDraftsLaterAll(store: DraftStore): Drafts {
  return useDraftsLater(store, everything);
}

/**
 * A value read from the typed cells at once: the component renders again, in the keystroke, when
 * it changes (by Object.is), so `select` must answer the same object for the same drafts, and be
 * cheap, for every keystroke calls it.
 */
export function useDraftsSelect<T>(store: DraftStore, select: (drafts: Drafts) => T): T {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
