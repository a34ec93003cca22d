import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEmployers } from '@/features/employers';
import { sendJson } from '@/lib/api-client';
import type {
  GenerateTimesheet,
  GenerateTimesheetResponse,
} from '../../../../shared/schemas/timesheets.ts';
import { timesheetKeys } from './get-timesheets';

/** POST /api/timesheets/generate: the report is built and stored; the answer says where to fetch it. */
export function generateTimesheet(body: GenerateTimesheet): Promise<GenerateTimesheetResponse> {
  return sendJson<GenerateTimesheetResponse>('POST', '/api/timesheets/generate', body);
}

export function useGenerateTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateTimesheet,
    // Not awaited: the dialog opens at once while the history, the upcoming periods and the
    // employers' "timesheets submitted" refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
      void invalidateEmployers(queryClient);
    },
  });
}
