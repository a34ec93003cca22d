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
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useDeleteEmployer } from '../api/delete-employer';

type DeleteEmployerDialogProps = {
  employer: Employer | undefined;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** Asks before deleting: the employer's work logs and timesheets go with it (SPEC.md §2). */
export function DeleteEmployerDialog({
  employer,
  onOpenChange,
  onCloseAutoFocus,
}: DeleteEmployerDialogProps) {
  const deleteMutation = useDeleteEmployer();

  function confirm() {
    if (!employer || deleteMutation.isPending) return;
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
        const message = error instanceof ApiError ? error.serverMessage : error.message;
        toast({
          title: 'Error',
          description: `Failed to delete employer: ${message}`,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <AlertDialog open={employer !== undefined} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {employer?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Deleting an employer permanently removes all associated work logs and timesheets. This
            cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <Button variant="destructive" loading={deleteMutation.isPending} onClick={confirm}>
            {deleteMutation.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
