import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import type { PaymentDialog } from './payment-dialog';

// The form brings the shared payment schemas (zod) and the date picker: loaded when first opened.
const loadPaymentDialog = () => import('./payment-dialog');
const PaymentDialogChunk = lazy(loadPaymentDialog);

/** Started on hover or focus of a button that opens it, so the dialog opens at once. */
export const preloadPaymentDialog = () => void loadPaymentDialog();

export function LazyPaymentDialog(props: ComponentProps<typeof PaymentDialog>) {
  return (
    <MountOnceOpened open={props.target !== null}>
      <PaymentDialogChunk {...props} />
    </MountOnceOpened>
  );
}
