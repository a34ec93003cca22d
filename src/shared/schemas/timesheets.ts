import { z } from 'zod';
import { daysBetween, isValidDate } from '../domain/dates.ts';
import { idField, wholeNumber } from './common.ts';
import { payPrecisions, roundingDirections, roundingSteps, timesheetStatuses } from './enums.ts';
import { exportFormats, taxCalculations } from './settings.ts';

/** Ten years and a few leap days. */
export const MAX_REPORT_DAYS = 3660;

const reportDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .refine(isValidDate, 'Please choose a real date (YYYY-MM-DD)')
    .refine((d) => d >= '2020-01-01', 'Dates start at 2020-01-01');

/** The form resolves with it too, for the same messages. */
export const generateTimesheetBodySchema = z
  .object({
    employerId: idField('Please select an employer'),
    startDate: reportDate('Please select a start date'),
    endDate: reportDate('Please select an end date'),
    format: z.enum(exportFormats, { error: 'Choose PDF or CSV' }).default('pdf'),
    includeNotes: z.boolean({ error: 'Include notes must be true or false' }).default(false),
    emailReport: z.boolean({ error: 'Email report must be true or false' }).default(false),
    emailTo: z.string({ error: 'Email must be text' }).trim().max(254).default(''),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when another field failed: values may be of any type, the body a JSON `null`.
      if (typeof body !== 'object' || body === null) return;
      const { startDate, endDate } = body as { startDate: unknown; endDate: unknown };
      if (
        typeof startDate === 'string' &&
        typeof endDate === 'string' &&
        isValidDate(startDate) &&
        isValidDate(endDate)
      ) {
        const days = daysBetween(startDate, endDate);
        if (days < 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'End date must be on or after the start date',
          });
        } else if (days >= MAX_REPORT_DAYS) {
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'A report can cover at most 10 years',
          });
        }
      }
      const { emailReport, emailTo } = body as { emailReport: unknown; emailTo: unknown };
      if (emailReport === true && !(typeof emailTo === 'string' && emailTo.includes('@'))) {
        ctx.addIssue({
          code: 'custom',
          path: ['emailTo'],
          message: 'Valid email address is required when email report is selected',
        });
      }
    },
    // Also when another field has a problem, so the form shows every message at once.
    { when: () => true },
  );
export type GenerateTimesheetBody = z.input<typeof generateTimesheetBodySchema>;
export type GenerateTimesheet = z.output<typeof generateTimesheetBodySchema>;

/** A snapshot (docs/product/money.md#snapshots): later edits change nothing. */
export const timesheetSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  employerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(timesheetStatuses),
  format: z.enum(exportFormats).nullable(),
  totalHours: z.string(),
  totalEarnings: z.string(),
  tax: z.string(),
  totalDue: z.string(),
  /** Expenses paid back (never taxed), within totalDue. */
  expenses: z.string(),
  taxCalculation: z.enum(taxCalculations),
  roundingStep: z.enum(roundingSteps),
  roundingDirection: z.enum(roundingDirections),
  payPrecision: z.enum(payPrecisions),
  currency: z.string(),
  shifts: z.number().int(),
  documentName: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const generateTimesheetResponseSchema = z.object({
  downloadUrl: z.string(),
  timesheet: timesheetSchema,
  /** The report was already in the history: that row was refreshed. */
  reused: z.boolean(),
});
export type GenerateTimesheetResponse = z.infer<typeof generateTimesheetResponseSchema>;

export const timesheetListQuerySchema = z.object({
  page: wholeNumber('Page must be a whole number from 1', 1, 100_000).default(1),
  pageSize: wholeNumber('Page size must be a whole number from 1 to 100', 1, 100).default(20),
});
export const timesheetListResponseSchema = z.object({
  items: z.array(timesheetSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TimesheetList = z.infer<typeof timesheetListResponseSchema>;

export const upcomingTimesheetSchema = z.object({
  employerId: z.number().int(),
  employerName: z.string(),
  brandColor: z.string(),
  schedule: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string(),
  /** When the period's pay is expected, by the employer's payday rule (decision 041). */
  payday: z.string(),
  generated: z.boolean(),
});
export const upcomingTimesheetsResponseSchema = z.array(upcomingTimesheetSchema);
export type UpcomingTimesheet = z.infer<typeof upcomingTimesheetSchema>;
