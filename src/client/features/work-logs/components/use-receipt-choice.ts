import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { FileChoice } from '@/components/uploaded-file-field';
import { errorMessage } from '@/lib/error-message';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import { parseMoney } from '../../../../shared/domain/money.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { removeReceipt, uploadReceipt } from '../api/receipt';

export type ReceiptChoice = ReturnType<typeof useReceiptChoice>;

/**
 * The receipt chosen in the dialog, sent once the shift is saved (decision 046). A receipt that
 * fails leaves the shift saved, and says so: the file is chosen again on the saved shift.
 */
export function useReceiptChoice(workLog: WorkLog | null) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<FileChoice>({ kind: 'keep' });
  const [error, setError] = useState<string>();

  /**
   * Never throws: the shift is saved whatever happens here. A failure answers how to say it, so
   * the dialog says it after the save's own news.
   */
  async function apply(saved: WorkLog): Promise<(() => void) | undefined> {
    // No amount, no receipt: the server has already let go of any the shift had.
    const hasExpense = (parseMoney(saved.expenseAmount) ?? 0) > 0;
    if (choice.kind === 'keep' || !hasExpense) return undefined;
    if (choice.kind === 'remove' && !saved.receipt) return undefined;
    try {
      if (choice.kind === 'new') await uploadReceipt(saved.id, choice.file);
      else await removeReceipt(saved.id);
      void invalidateAfterSave(queryClient);
      return undefined;
    } catch (failure) {
      const removing = choice.kind === 'remove';
      const reason = errorMessage(failure, 'Please try again.');
      return () =>
        toast({
          title: `Work log saved, but the receipt was not ${removing ? 'removed' : 'attached'}`,
          description: `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Open the shift to ${removing ? 'remove' : 'attach'} it again.`,
          variant: 'destructive',
        });
    }
  }

  return {
    existing: workLog?.receipt ?? null,
    choice,
    error,
    choose: (next: FileChoice, problem?: string) => {
      setChoice(next);
      setError(problem);
    },
    apply,
  };
}
