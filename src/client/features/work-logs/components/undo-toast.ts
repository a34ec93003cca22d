import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import { restoreWorkLogs } from '../api/restore-work-logs';

/** The server's UNDO_OFFER_SECONDS (shared/schemas/work-logs.ts), kept here so zod stays out. */
export const UNDO_TOAST_MS = 10_000;

/**
 * docs/product/screens.md#work-logs: after a delete, a toast with Undo for 10 s (longer while
 * hovered or focused; F8 reaches it). Undo puts the shifts back as they were, or says why not.
 */
export function showUndoToast(
  queryClient: QueryClient,
  { title, description, token }: { title: string; description: string; token: string },
) {
  return toast({
    title,
    description,
    variant: 'success',
    duration: UNDO_TOAST_MS,
    action: {
      label: 'Undo',
      altText: 'Undo the delete: press F8, then Tab to the Undo button',
      onAction: () => {
        restoreWorkLogs(token)
          .then(({ count }) => {
            toast({
              title: count === 1 ? 'Work log restored' : `${count} work logs restored`,
              variant: 'success',
            });
          })
          .catch((error: unknown) => {
            if (isSessionEnded(error)) return;
            toast({
              title: 'Could not undo',
              description: errorMessage(error, 'The delete could not be undone. Please try again.'),
              variant: 'destructive',
            });
          })
          .finally(() => {
            void invalidateAfterSave(queryClient);
          });
      },
    },
  });
}
