import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useDeleteEmployer } from '../api/delete-employer';

type DeleteEmployerDialogProps = {
  employer: Employer | undefined;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** Asks before deleting: the employer's work logs and timesheets go with it (docs/product/screens.md#employers). */
export function DeleteEmployerDialog({
  employer,
  onOpenChange,
  onCloseAutoFocus,
}: DeleteEmployerDialogProps) {
  const deleteMutation = useDeleteEmployer();

  function confirm() {
    if (!employer) return;
    deleteMutation.mutate(employer.id, {
      onSuccess: () => {
        toast({
          title: 'Employer deleted',
          description: `${employer.name} and its work logs and timesheets were removed.`,
          variant: 'success',
        });
        onOpenChange(false);
      },
      onError: (error) => {
        if (isSessionEnded(error)) return;
        toast({
          title: 'Error',
          description: `Failed to delete employer: ${errorMessage(error, 'Failed to delete employer')}`,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={employer !== undefined}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Delete ${employer?.name ?? 'employer'}?`}
      description="Deleting an employer permanently removes all associated work logs and timesheets. This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deleteMutation.isPending}
      onConfirm={confirm}
    />
  );
}
