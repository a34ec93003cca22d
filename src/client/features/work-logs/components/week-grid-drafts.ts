// The week grid's typed cells, kept outside React state (decision 049): a keystroke renders its
// own row, the day totals and the Save button, not the page around them, whose queries and
// dialogs have nothing to do with it.
import { useSyncExternalStore } from 'react';
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

/** Every typed cell: the component renders again on each keystroke. */
export function useDrafts(store: DraftStore): Drafts {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * A value read from the typed cells: the component renders again only when it changes (by
 * Object.is), so `select` must answer the same object for the same drafts.
 */
export function useDraftsSelect<T>(store: DraftStore, select: (drafts: Drafts) => T): T {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
