/**
 * Back closes the open dialog instead of leaving the page: each open dialog owns one history
 * entry (same URL, a marker in its state).
 */

export type DialogEntry = { id: string; inHistory: boolean };

type Open = { entry: DialogEntry; onBack: () => boolean };

const MARKER = 'hbDialog';
// Entries outlive a reload (history.state is kept): ids must not repeat across page loads.
const pageLoad = Math.random().toString(36).slice(2);
let nextId = 1;
const open: Open[] = [];
let ownBacks = 0;
/** Waits for our own backs' popstates, so a push never lands before a pending back. */
const waiting: (() => void)[] = [];
let listening = false;

const isCurrent = (entry: DialogEntry) =>
  (window.history.state as Record<string, unknown> | null)?.[MARKER] === entry.id;

function push(entry: DialogEntry) {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [MARKER]: entry.id }, '');
  entry.inHistory = true;
}

function whenSettled(work: () => void) {
  if (ownBacks > 0) waiting.push(work);
  else work();
}

function onPopState() {
  if (ownBacks > 0) {
    ownBacks -= 1;
    while (ownBacks === 0 && waiting.length > 0) waiting.shift()?.();
    return;
  }
  const top = open.at(-1);
  if (!top?.entry.inHistory || isCurrent(top.entry)) return;
  top.entry.inHistory = false;
  // The dialog kept itself open (it asks first): it owns an entry again.
  if (!top.onBack()) push(top.entry);
}

/** `onBack` answers whether the dialog closed. */
export function openDialogEntry(onBack: () => boolean): DialogEntry {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const entry: DialogEntry = { id: `${pageLoad}-${nextId++}`, inHistory: false };
  open.push({ entry, onBack });
  whenSettled(() => {
    if (open.some((o) => o.entry === entry)) push(entry);
  });
  return entry;
}

export function closeDialogEntry(entry: DialogEntry) {
  const index = open.findIndex((o) => o.entry === entry);
  if (index >= 0) open.splice(index, 1);
  whenSettled(() => {
    // After a navigation the entry is no longer on top: going back would undo the navigation.
    if (!entry.inHistory || !isCurrent(entry)) return;
    entry.inHistory = false;
    ownBacks += 1;
    window.history.back();
  });
}
