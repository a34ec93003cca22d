import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { CreateWorkLogBody, WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** hourlyRateAtTime 0 (the default): the shift is paid at the employer's rate of its date. */
export async function createWorkLog(body: CreateWorkLogBody): Promise<WorkLog> {
  return sendJson<WorkLog>('POST', '/api/work-logs', body);
}

export function useCreateWorkLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkLog,
    // Not awaited: the button reports success at once while the caches refresh behind it.
    onSuccess: () => {
      void invalidateAfterSave(queryClient);
    },
  });
}
