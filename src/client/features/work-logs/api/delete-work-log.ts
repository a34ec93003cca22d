import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { DeleteWorkLogResult } from '../../../../shared/schemas/work-logs.ts';

/** Answers the token whose Undo puts the shift back (decision 048). */
export function deleteWorkLog(id: number): Promise<DeleteWorkLogResult> {
  return sendJson<DeleteWorkLogResult>('DELETE', `/api/work-logs/${id}`);
}

export function useDeleteWorkLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkLog,
    // A failed delete may still have happened (or the log was already gone): refresh either way.
    onSettled: () => {
      void invalidateAfterSave(queryClient);
    },
  });
}
