import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import {
  formatDisplayDate,
  formatTimeRange,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useDeleteWorkLog } from '../api/delete-work-log';
import { showUndoToast } from './undo-toast';
import { useReturnFocus } from './use-return-focus';

type DeleteWorkLogDialogProps = {
  workLog: WorkLog | null;
  timeFormat: TimeFormat;
  onClose: () => void;
};

/** docs/product/screens.md#work-logs: deleting asks for confirmation first. */
export function DeleteWorkLogDialog({ workLog, timeFormat, onClose }: DeleteWorkLogDialogProps) {
  const remove = useDeleteWorkLog();
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus();
  const shift = workLog
    ? `The ${workLog.employer.name} shift on ${formatDisplayDate(workLog.date)}`
    : '';

  const confirm = () => {
    if (!workLog) return;
    remove.mutate(workLog.id, {
      onSuccess: ({ undoToken }) => {
        showUndoToast(queryClient, {
          title: 'Work log deleted',
          description: `${shift} was deleted.`,
          token: undoToken,
        });
        onClose();
      },
      onError: (error) => {
        // An ended session says so itself (it signs out); anything else says why here.
        if (!isSessionEnded(error)) {
          toast({
            title: 'Error',
            description: `Failed to delete work log: ${errorMessage(error, error.message)}`,
            variant: 'destructive',
          });
        }
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open={workLog !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      {...returnFocus}
      title="Delete this work log?"
      description={
        workLog
          ? `${shift}, ${formatTimeRange(workLog.startTime, workLog.endTime, timeFormat)}, will be deleted. You can undo it for a few seconds.`
          : null
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
