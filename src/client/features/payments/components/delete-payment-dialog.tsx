import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSaveFailure } from '@/components/ui/save-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import type { Payment } from '../../../../shared/schemas/payments.ts';
import { useDeletePayment } from '../api/save-payment';
import { paymentInWords } from './payments-list';

type DeletePaymentDialogProps = {
  payment: Payment | null;
  money: (cents: number) => string;
  onClose: () => void;
};

/** Asks before a payment goes: the periods it paid are owed again. */
export function DeletePaymentDialog({ payment, money, onClose }: DeletePaymentDialogProps) {
  const remove = useDeletePayment();
  const what = payment ? paymentInWords(payment, money) : 'this payment';
  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete this payment?"
      description={`Deleting ${what} makes the periods it paid owed again. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => {
        if (!payment) return;
        remove.mutate(payment.id, {
          onSuccess: () => {
            toast({
              title: 'Payment deleted',
              description: `Deleted ${what}.`,
              variant: 'success',
            });
            onClose();
          },
          onError: (error) =>
            toastSaveFailure(error, errorMessage(error, 'Could not delete the payment')),
        });
      }}
    />
  );
}
