import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';

export async function deleteWorkLog(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/work-logs/${id}`);
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
