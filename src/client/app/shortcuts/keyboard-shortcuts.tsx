import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  hasShortcutAction,
  runShortcutAction,
  useShortcutActionAvailable,
} from '@/lib/shortcut-actions';
import { samePath } from '../case-insensitive-parser';
import { appPaths } from '../routes';
import { createShortcutHandler, type ShortcutCommand } from './keymap';

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** The work-logs search box `/` focuses. */
export const SEARCH_FIELD_ID = 'work-log-search';
const PAGE_WAIT_MS = 5000;

/** The event a page with a new-shift dialog handles (features/work-logs' NEW_WORK_LOG_EVENT). */
const NEW_WORK_LOG_EVENT = 'hourbook:new-work-log';

/** Tries `done` on each frame until it succeeds or a few seconds pass (a page is loading). */
function untilDone(done: () => boolean): () => void {
  const until = Date.now() + PAGE_WAIT_MS;
  let frame = 0;
  const attempt = () => {
    if (done() || Date.now() >= until) return;
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

function focusSearch(): boolean {
  const field = document.getElementById(SEARCH_FIELD_ID);
  if (!(field instanceof HTMLInputElement) || field.disabled) return false;
  field.focus();
  field.select();
  return true;
}

/** True when a page's dialog took the request (it cancels the event). */
const askForNewShift = () =>
  !document.dispatchEvent(new Event(NEW_WORK_LOG_EVENT, { cancelable: true }));

/**
 * The app's keyboard shortcuts (docs/product/screens.md#keyboard-shortcuts): one keydown handler,
 * a polite live region saying what each did, and the `?` list. Loaded after the page (lazily).
 */
export function KeyboardShortcuts() {
  const [location, navigate] = useLocation();
  const [message, setMessage] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const withTimer = useShortcutActionAvailable('timer.toggle');
  const stopWaiting = useRef<() => void>(() => {});
  const here = useRef(location);
  here.current = location;

  // Cleared first, so the same words said twice are heard twice.
  const announce = useCallback((words: string) => {
    setMessage('');
    requestAnimationFrame(() => setMessage(words));
  }, []);

  const run = useCallback(
    (command: ShortcutCommand) => {
      switch (command.kind) {
        case 'new':
          announce('New shift');
          // The dashboard and the work logs have the dialog; elsewhere the work logs open it.
          if (askForNewShift()) return;
          navigate(appPaths.workLogs);
          stopWaiting.current();
          stopWaiting.current = untilDone(askForNewShift);
          return;
        case 'timer':
          announce(runShortcutAction('timer.toggle') || 'Timer');
          return;
        case 'help':
          setHelpLoaded(true);
          setHelpOpen(true);
          return;
        case 'search':
          announce('Search');
          if (!samePath(here.current, appPaths.workLogs)) navigate(appPaths.workLogs);
          stopWaiting.current();
          stopWaiting.current = untilDone(focusSearch);
          return;
        case 'go':
          announce(`Going to ${command.target.name}`);
          navigate(command.target.path);
          return;
      }
    },
    [announce, navigate],
  );

  useEffect(() => {
    const handler = createShortcutHandler({
      run,
      hasTimer: () => hasShortcutAction('timer.toggle'),
    });
    document.addEventListener('keydown', handler);
    return () => {
      document.removeEventListener('keydown', handler);
      stopWaiting.current();
    };
  }, [run]);

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only" data-testid="shortcut-announcer">
        {message}
      </div>
      {helpLoaded ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} withTimer={withTimer} />
        </Suspense>
      ) : null}
    </>
  );
}

export default KeyboardShortcuts;
