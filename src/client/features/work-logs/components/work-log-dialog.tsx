import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
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

export function usePreloadWorkLogForm(): void {
  useEffect(() => {
    const timer = setTimeout(preloadWorkLogForm, 300);
    return () => clearTimeout(timer);
  }, []);
}

type WorkLogDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workLog?: WorkLog | null;
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
export function WorkLogDialog({ open, onOpenChange, workLog }: WorkLogDialogProps) {
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
            key={workLog?.id ?? 'new'}
            workLog={workLog ?? null}
            onDone={() => onOpenChange(false)}
            onSaved={announceSave}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** `logs.openNew()` or `logs.openEdit(log)`; render `logs.dialog` once. */
export function useWorkLogDialog() {
  const [editor, setEditor] = useState<{ open: boolean; workLog: WorkLog | null }>({
    open: false,
    workLog: null,
  });
  usePreloadWorkLogForm();
  const openNew = useCallback(() => setEditor({ open: true, workLog: null }), []);
  const openEdit = useCallback((workLog: WorkLog) => setEditor({ open: true, workLog }), []);
  const dialog = (
    <WorkLogDialog
      open={editor.open}
      onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}
      workLog={editor.workLog}
    />
  );
  return { openNew, openEdit, dialog };
}
