import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';
import type {
  GenerateTimesheet,
  GenerateTimesheetResponse,
} from '../../../../shared/schemas/timesheets.ts';
import { timesheetsQueryKey } from './get-timesheets';
import { upcomingTimesheetsQueryKey } from './get-upcoming-timesheets';

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
      for (const key of [timesheetsQueryKey, upcomingTimesheetsQueryKey, '/api/employers']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
