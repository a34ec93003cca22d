import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { getNotionSync } from '@/features/notion';
import { ApiError } from '@/lib/api-client';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { setNotionSyncInLists } from '../api/query-keys';
import { type SaveKind, toastSaved, toastSyncFailed } from './notion-sync-toasts';

/** How often, and how many times, a save asks how its log's Notion mirror went. */
export const SYNC_POLL_MS = 1000;
export const SYNC_POLL_ATTEMPTS = 10;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Null when still pending after the last ask, when the log is gone, or when stopped. */
export async function waitForNotionSync(
  id: number,
  signal: AbortSignal,
): Promise<NotionSync | null> {
  for (let attempt = 0; attempt < SYNC_POLL_ATTEMPTS; attempt++) {
    await pause(SYNC_POLL_MS, signal);
    if (signal.aborted) return null;
    try {
      const sync = await getNotionSync(id, signal);
      if (!sync) return null;
      if (sync.state !== 'pending') return sync;
    } catch (error) {
      // A refusal (the log was deleted meanwhile) stays one; a lost answer may not.
      if (signal.aborted || error instanceof ApiError) return null;
    }
  }
  return null;
}

/**
 * docs/product/screens.md#work-logs: the save never waits on Notion; the mirror's outcome
 * follows as a toast, or the lists' badges take over after 10 s. Lives in the dialog's frame,
 * which outlasts the form.
 */
export function useAnnounceSave() {
  const queryClient = useQueryClient();
  const waits = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = waits.current;
    return () => {
      for (const controller of running) controller.abort();
      running.clear();
    };
  }, []);

  return useCallback(
    (saved: WorkLog, kind: SaveKind) => {
      const sync = saved.notionSync;
      toastSaved(kind, sync.state === 'synced');
      if (sync.state === 'failed') toastSyncFailed(sync.error);
      if (sync.state !== 'pending') return;

      const controller = new AbortController();
      waits.current.add(controller);
      void waitForNotionSync(saved.id, controller.signal).then((outcome) => {
        waits.current.delete(controller);
        if (!outcome || controller.signal.aborted) return;
        // The badges show the outcome along with the toast, not at the lists' next ask.
        setNotionSyncInLists(queryClient, saved.id, outcome);
        if (outcome.state === 'failed') toastSyncFailed(outcome.error);
        else if (kind === 'added') toastSaved('added', true);
      });
    },
    [queryClient],
  );
}
