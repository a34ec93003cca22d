import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import type { BulkWorkLogsBody, BulkWorkLogsResult } from '../../../../shared/schemas/work-logs.ts';

/** POST /api/work-logs/bulk: one action on the selected shifts, all of them or none. */
export function bulkWorkLogs(body: BulkWorkLogsBody): Promise<BulkWorkLogsResult> {
  return sendJson<BulkWorkLogsResult>('POST', '/api/work-logs/bulk', body);
}

export function useBulkWorkLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkWorkLogs,
    // A failed one may have raced another change: the lists are read again either way.
    onSettled: () => {
      void invalidateAfterSave(queryClient);
    },
  });
}
