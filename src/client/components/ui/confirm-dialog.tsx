import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The button that does it: 'Delete', 'Discard Changes'. */
  confirmLabel: string;
  /** Its text while `pending`: 'Deleting...'. */
  pendingLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** The action is running: the confirm button spins and a second press does nothing. */
  pending?: boolean;
  variant?: 'destructive' | 'default';
  /** Radix's focus hooks: where focus goes when it opens and when it closes. */
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A question that must be answered before something that cannot be undone. Escape and
 * Cancel say no. The confirm button is not an AlertDialogAction: that would close the
 * dialog before the work is done, so the caller closes it (onOpenChange) when it is.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  variant = 'destructive',
  onOpenAutoFocus,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onOpenAutoFocus={onOpenAutoFocus} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">{title}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">
            {description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </AlertDialogCancel>
          <Button
            variant={variant}
            loading={pending}
            onClick={() => {
              if (!pending) onConfirm();
            }}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
