import type { GenerateTimesheetBody } from '../../../../shared/schemas/timesheets.ts';

/** The employer as the list's string id ('' until one is chosen). */
export type ReportFormValues = Required<Omit<GenerateTimesheetBody, 'employerId'>> & {
  employerId: string;
};

export type ExportFormat = ReportFormValues['format'];

/** docs/product/screens.md#timesheet-reports defaults: no employer or dates yet, the user's export format, no notes, no e-mail. */
export function emptyReportForm(format: ExportFormat): ReportFormValues {
  return {
    employerId: '',
    startDate: '',
    endDate: '',
    format,
    includeNotes: false,
    emailReport: false,
    emailTo: '',
  };
}
