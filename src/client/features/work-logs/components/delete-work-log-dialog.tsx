import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import type { TimeFormat } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useDeleteWorkLog } from '../api/delete-work-log';
import { useReturnFocus } from './use-return-focus';
import { formatLogDate, formatLogTimes } from './work-log-format';

type DeleteWorkLogDialogProps = {
  workLog: WorkLog | null;
  timeFormat: TimeFormat;
  onClose: () => void;
};

/** SPEC.md §2: deleting asks for confirmation first. */
export function DeleteWorkLogDialog({ workLog, timeFormat, onClose }: DeleteWorkLogDialogProps) {
  const remove = useDeleteWorkLog();
  const returnFocus = useReturnFocus();

  const confirm = () => {
    if (!workLog || remove.isPending) return;
    remove.mutate(workLog.id, {
      onSuccess: () => {
        toast({
          title: 'Work log deleted',
          description: `The ${workLog.employer.name} shift on ${formatLogDate(workLog.date)} was deleted.`,
          variant: 'success',
        });
        onClose();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.serverMessage : error.message;
        toast({
          title: 'Error',
          description: `Failed to delete work log: ${message}`,
          variant: 'destructive',
        });
        onClose();
      },
    });
  };

  return (
    <AlertDialog open={workLog !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent {...returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this work log?</AlertDialogTitle>
          <AlertDialogDescription>
            {workLog
              ? `The ${workLog.employer.name} shift on ${formatLogDate(workLog.date)}, ${formatLogTimes(workLog, timeFormat)}, will be removed permanently. This cannot be undone.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          {/* Not an AlertDialogAction: that would close the dialog before the delete is done. */}
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
