import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEmployers } from '@/features/employers';
import { sendJson } from '@/lib/api-client';
import { timesheetKeys } from './get-timesheets';

/** DELETE /api/timesheets/:id: the report leaves the history, its stored file with it. */
export function deleteTimesheet(id: number): Promise<{ success: true }> {
  return sendJson<{ success: true }>('DELETE', `/api/timesheets/${id}`);
}

export function useDeleteTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimesheet,
    // The history, the upcoming periods (one may be due again) and the employers' counts.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
        invalidateEmployers(queryClient),
      ]),
  });
}
