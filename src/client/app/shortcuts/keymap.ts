import { appPaths } from '../routes';

/** `g` then a letter: where it goes. */
export const GO_TARGETS = [
  { key: 'd', path: appPaths.dashboard, name: 'Dashboard' },
  { key: 'e', path: appPaths.employers, name: 'Employers' },
  { key: 'w', path: appPaths.workLogs, name: 'Work Logs' },
  { key: 'k', path: appPaths.weekGrid, name: 'the week grid' },
  { key: 'c', path: appPaths.calendar, name: 'Calendar' },
  { key: 'r', path: appPaths.timesheetReports, name: 'Timesheet Reports' },
  { key: 'p', path: appPaths.pay, name: 'Pay' },
  { key: 's', path: appPaths.settings, name: 'Settings' },
] as const;
export type GoTarget = (typeof GO_TARGETS)[number];

/** How long after `g` the second letter still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export type ShortcutCommand =
  | { kind: 'new' }
  | { kind: 'timer' }
  | { kind: 'search' }
  | { kind: 'help' }
  | { kind: 'go'; target: GoTarget };

/** The list the `?` dialog shows (`t` only while the timer lends its handler). */
export function shortcutList(withTimer: boolean): { keys: string[]; does: string }[] {
  return [
    { keys: ['n'], does: 'New shift' },
    ...(withTimer ? [{ keys: ['t'], does: 'Start or stop the timer' }] : []),
    { keys: ['/'], does: 'Search work logs' },
    ...GO_TARGETS.map((target) => ({ keys: ['g', target.key], does: `Go to ${target.name}` })),
    { keys: ['?'], does: 'Show these shortcuts' },
  ];
}

/** Where typing goes: a text field, a list box, an editable region. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) {
    return true;
  }
  return target instanceof HTMLElement && target.isContentEditable;
}

/** A dialog, alert or open menu owns the keys meanwhile (its own focus trap, its own letters). */
export function somethingModalIsOpen(doc: Document): boolean {
  return (
    doc.querySelector(
      'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]',
    ) !== null
  );
}

type Deps = {
  run: (command: ShortcutCommand) => void;
  /** Whether `t` has a handler now. */
  hasTimer: () => boolean;
  now?: () => number;
};

/** One keydown handler for the whole app (docs/product/screens.md#keyboard-shortcuts). */
export function createShortcutHandler({ run, hasTimer, now = Date.now }: Deps) {
  let gPressedAt: number | null = null;
  return (event: KeyboardEvent) => {
    const pending = gPressedAt;
    gPressedAt = null;
    if (
      event.defaultPrevented ||
      event.repeat ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.isComposing ||
      isTypingTarget(event.target) ||
      somethingModalIsOpen(document)
    ) {
      return;
    }
    const at = now();
    const fire = (command: ShortcutCommand) => {
      event.preventDefault();
      run(command);
    };
    if (pending !== null && at - pending <= SEQUENCE_TIMEOUT_MS && !event.shiftKey) {
      const target = GO_TARGETS.find((t) => t.key === event.key);
      if (target) fire({ kind: 'go', target });
      return;
    }
    if (event.key === '?') return fire({ kind: 'help' });
    if (event.key === '/') return fire({ kind: 'search' });
    if (event.shiftKey) return;
    if (event.key === 'g') gPressedAt = at;
    else if (event.key === 'n') fire({ kind: 'new' });
    else if (event.key === 't' && hasTimer()) fire({ kind: 'timer' });
  };
}
