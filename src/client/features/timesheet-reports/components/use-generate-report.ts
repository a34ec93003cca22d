import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { isBusy } from '@/components/ui/save-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isSessionEnded, NetworkError } from '@/lib/api-client';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import { useSaveState } from '@/lib/use-save-state';
import { formatDuration, formatMoney } from '../../../../shared/domain/index.ts';
import type {
  GenerateTimesheet,
  GenerateTimesheetResponse,
} from '../../../../shared/schemas/timesheets.ts';
import { useGenerateTimesheet } from '../api/generate-timesheet';
import { NO_DOWNLOAD_URL } from './report-download';
import type { ReportFormValues } from './report-form-values';
import { formatPeriod } from './report-text';

/** docs/product/screens.md#states: success shows 2 s, an error 3 s, then the button is idle. */
export const generateTimings = { successResetMs: 2000, errorResetMs: 3000 };
export const GENERATE_FAILED = 'Failed to generate report. Please try again.';
export const generateLabels = {
  idle: 'Generate Report',
  saving: 'Generating...',
  saved: 'Generated',
  error: 'Try Again',
};

/** docs/product/screens.md#timesheet-reports: the same report again adds no twin to the history. */
export const REPORT_REUSED = 'This report was already in your history; it was updated.';

export type GeneratedReport = GenerateTimesheetResponse & { request: GenerateTimesheet };

const formFields = sameNames([
  'employerId',
  'startDate',
  'endDate',
  'format',
  'includeNotes',
  'emailReport',
  'emailTo',
] as const);

/** A 4xx says what to fix, so its message is shown; no answer gets the network note. */
export function generateFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return GENERATE_FAILED;
}

export function useGenerateReport(setFieldError: UseFormSetError<ReportFormValues>) {
  const mutation = useGenerateTimesheet();
  const save = useSaveState({
    errorResetMs: generateTimings.errorResetMs,
    closeAfterMs: generateTimings.successResetMs,
  });
  const [generated, setGenerated] = useState<GeneratedReport | null>(null);

  const submit = async (request: GenerateTimesheet) => {
    if (isBusy(save.state)) return;
    save.start();
    try {
      const response = await mutation.mutateAsync(request);
      save.succeed(save.reset);
      if (!response.downloadUrl) {
        toast({ title: 'Download Error', description: NO_DOWNLOAD_URL, variant: 'destructive' });
        return;
      }
      const { timesheet } = response;
      // With "Email report" on, the e-mail dialog that opens says what was made, and a toast
      // would lie over it (on a phone, over its title and close button).
      if (!request.emailReport) {
        const what = `${timesheet.employerName}, ${formatPeriod(timesheet.startDate, timesheet.endDate)}: ${formatDuration(timesheet.totalHours)}, ${formatMoney(timesheet.totalDue, timesheet.currency)} due.`;
        toast(
          response.reused
            ? {
                title: 'Report Updated',
                description: `${REPORT_REUSED} ${what}`,
                variant: 'success',
              }
            : { title: 'Report Generated', description: what, variant: 'success' },
        );
      }
      setGenerated({ ...response, request });
    } catch (error) {
      save.fail();
      showServerFieldErrors(setFieldError, error, formFields);
      // An ended session says so by signing out, not with a toast here.
      if (!isSessionEnded(error)) {
        toast({
          title: 'Error',
          description: generateFailureMessage(error),
          variant: 'destructive',
        });
      }
    }
  };

  return { state: save.state, submit, generated, dismiss: () => setGenerated(null) };
}
