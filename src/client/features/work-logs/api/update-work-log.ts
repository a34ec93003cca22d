import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { UpdateWorkLogBody, WorkLog } from '../../../../shared/schemas/work-logs.ts';

export type UpdateWorkLogInput = { id: number; changes: UpdateWorkLogBody };

export async function updateWorkLog({ id, changes }: UpdateWorkLogInput): Promise<WorkLog> {
  return sendJson<WorkLog>('PATCH', `/api/work-logs/${id}`, changes);
}

export function useUpdateWorkLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkLog,
    // Not awaited: the button reports success at once while the caches refresh behind it.
    onSuccess: () => {
      void invalidateAfterSave(queryClient);
    },
  });
}
