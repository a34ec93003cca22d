import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { whenIdle } from '@/lib/when-idle';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useAnnounceSave } from './use-announce-save';
import { useReturnFocus } from './use-return-focus';

// The form (react-hook-form, zod, the calendar) is kept out of every page's first load.
const loadWorkLogForm = () => import('./work-log-form-body');
const WorkLogForm = lazy(() => loadWorkLogForm().then((m) => ({ default: m.WorkLogForm })));

export function preloadWorkLogForm(): void {
  // A failed warm-up is not an error: opening the dialog asks again.
  void loadWorkLogForm().catch(() => {});
}

/** Fetched ahead once the page has loaded and the browser is idle, so opening it is instant. */
export function usePreloadWorkLogForm(): void {
  useEffect(() => whenIdle(preloadWorkLogForm), []);
}

type WorkLogDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workLog?: WorkLog | null;
  /** A new log for this employer, with its usual shift ("Log my usual shift"). */
  presetEmployerId?: number | null;
};

function FormSkeleton() {
  return (
    <div className="grid gap-5" role="status" aria-label="Loading the form">
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-11" />
      <Skeleton className="h-16" />
    </div>
  );
}

/** docs/product/screens.md#work-logs. */
export function WorkLogDialog({
  open,
  onOpenChange,
  workLog,
  presetEmployerId,
}: WorkLogDialogProps) {
  const editing = Boolean(workLog);
  const returnFocus = useReturnFocus();
  // Here, not in the form: the form unmounts as the dialog closes, before Notion answers.
  const announceSave = useAnnounceSave();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[640px]" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Work Log' : 'Log Work Hours'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change the employer, day, times, break or note of this shift.'
              : 'Record a shift: who it was for, when it started and ended, any break, and a note if you like.'}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<FormSkeleton />}>
          {/* Keyed so each opening starts from fresh defaults (or the log's own values). */}
          <WorkLogForm
            key={workLog?.id ?? `new-${presetEmployerId ?? ''}`}
            workLog={workLog ?? null}
            presetEmployerId={workLog ? null : presetEmployerId}
            onDone={() => onOpenChange(false)}
            onSaved={announceSave}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** Dispatched (cancelable) on `document` by the `n` shortcut. */
export const NEW_WORK_LOG_EVENT = 'hourbook:new-work-log';

type Editor = { open: boolean; workLog: WorkLog | null; presetEmployerId?: number | null };

/** `logs.openNew()`, `logs.openUsual(employerId)` or `logs.openEdit(log)`; render `logs.dialog` once. */
export function useWorkLogDialog() {
  const [editor, setEditor] = useState<Editor>({ open: false, workLog: null });
  usePreloadWorkLogForm();
  const openNew = useCallback(() => setEditor({ open: true, workLog: null }), []);
  const openUsual = useCallback(
    (employerId: number) => setEditor({ open: true, workLog: null, presetEmployerId: employerId }),
    [],
  );
  const openEdit = useCallback((workLog: WorkLog) => setEditor({ open: true, workLog }), []);
  // The `n` shortcut (app/shortcuts) asks with this event; handling it says the page has a dialog.
  useEffect(() => {
    const onAsked = (event: Event) => {
      event.preventDefault();
      openNew();
    };
    document.addEventListener(NEW_WORK_LOG_EVENT, onAsked);
    return () => document.removeEventListener(NEW_WORK_LOG_EVENT, onAsked);
  }, [openNew]);
  const dialog = (
    <WorkLogDialog
      open={editor.open}
      onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}
      workLog={editor.workLog}
      presetEmployerId={editor.presetEmployerId ?? null}
    />
  );
  return { openNew, openUsual, openEdit, dialog };
}
