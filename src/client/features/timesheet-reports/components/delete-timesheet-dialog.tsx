import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { useDeleteTimesheet } from '../api/delete-timesheet';
import { formatPeriod } from './report-text';

type DeleteTimesheetDialogProps = {
  timesheet: Timesheet | null;
  onOpenChange: (open: boolean) => void;
};

/** Asks before a report leaves the history: a generated twin, or one made by mistake. */
export function DeleteTimesheetDialog({ timesheet, onOpenChange }: DeleteTimesheetDialogProps) {
  const deleteMutation = useDeleteTimesheet();
  const what = timesheet
    ? `the report for ${timesheet.employerName}, ${formatPeriod(timesheet.startDate, timesheet.endDate)}`
    : 'this report';

  function confirm() {
    if (!timesheet) return;
    deleteMutation.mutate(timesheet.id, {
      onSuccess: () => {
        toast({ title: 'Report deleted', description: `Deleted ${what}.`, variant: 'success' });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isSessionEnded(error)) return;
        toast({
          title: 'Error',
          description: `Failed to delete the report: ${errorMessage(error, 'Failed to delete the report')}`,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={timesheet !== null}
      onOpenChange={onOpenChange}
      title="Delete this report?"
      description={`Deleting ${what} removes it and its file from the history. Your work logs stay as they are. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deleteMutation.isPending}
      onConfirm={confirm}
    />
  );
}
