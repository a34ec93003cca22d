import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { parseTime } from '../domain/time.ts';
import {
  decimalField,
  decimalInput,
  decimalProblem,
  hourlyRateRules,
  idField,
  idParamsSchema,
  MAX_ID,
  optionalDecimalField,
  wholeNumber,
} from './common.ts';
import { employerSchema } from './employers.ts';
import { distanceUnits, workLogStatuses } from './enums.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { notionSyncSchema } from './notion.ts';
import { uploadedFileSchema } from './uploaded-file.ts';

export const dateField = z
  .string({ error: 'Please choose a date' })
  .refine(isValidDate, 'Please choose a real date (YYYY-MM-DD)')
  .refine((d) => d >= '2020-01-01', 'Dates start at 2020-01-01');

const timeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(
      (t) => /^\d{2}:\d{2}$/.test(t) && parseTime(t) !== null,
      `${label} must be a time between 00:00 and 23:59`,
    );

export const MAX_NOTE_LENGTH = 1000;

/** Money typed on a shift: '' is 0. */
const shiftMoneyField = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()) || '0')
    .pipe(decimalField(label, 2, 1_000_000));

export const MAX_DISTANCE = 10_000;
export const MAX_EXPENSE_NOTE_LENGTH = 200;

/** The fields of a shift, as the single save reads them. */
export const workLogFields = z.object({
  employerId: idField('Please select an employer'),
  date: dateField,
  startTime: timeField('Start time'),
  endTime: timeField('End time'),
  breakDuration: z
    .number({ error: 'Break must be a whole number of minutes' })
    .int('Break must be a whole number of minutes')
    .min(0, 'Break must be a whole number of minutes')
    .max(1439, 'Break must be shorter than the shift'),
  department: z
    .string({ error: 'Department must be text' })
    .trim()
    .max(100, 'Department must be at most 100 characters')
    .refine(hasNoLineBreak, 'Department must be on one line')
    .nullish()
    .transform((v) => (v ? v : null)),
  status: z.enum(workLogStatuses, { error: 'Choose a status from the list' }),
  /** 0 means "the employer's rate at the time of saving": the server captures it. */
  hourlyRateAtTime: decimalInput('Hourly rate must be a positive number')
    .transform((v) => v || '0')
    .superRefine((v, ctx) => {
      const problem = decimalProblem(v, hourlyRateRules);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(
      MAX_NOTE_LENGTH,
      `Note must be at most ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Premiums of the employer switched on for this shift by hand ("Charge nurse"), by id. */
  manualPremiumIds: z
    .array(
      z
        .string({ error: 'Choose premiums from the employer’s list' })
        .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Choose premiums from the employer’s list'),
      { error: 'Choose premiums from the employer’s list' },
    )
    .max(20, 'At most 20 premiums on one shift')
    .transform((ids) => [...new Set(ids)]),
  // Tips and expenses (decision 042).
  tipsCash: shiftMoneyField('Cash tips'),
  tipsCard: shiftMoneyField('Card tips'),
  /** In the employer's unit; null: no mileage. Needs the employer's mileage rate. */
  distance: optionalDecimalField('Distance', 1, MAX_DISTANCE),
  expenseAmount: shiftMoneyField('Expense'),
  expenseNote: z
    .string({ error: 'Expense note must be text' })
    .trim()
    .max(
      MAX_EXPENSE_NOTE_LENGTH,
      `Expense note must be at most ${MAX_EXPENSE_NOTE_LENGTH} characters`,
    )
    .refine(hasNoLineBreak, 'Expense note must be on one line')
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** Unless true, an overlapping shift of the same employer is refused (409 `work_log_overlap`). */
const allowOverlapField = z
  .boolean({ error: 'Overlap confirmation must be true or false' })
  .optional();

export const createWorkLogBodySchema = workLogFields.extend({
  breakDuration: workLogFields.shape.breakDuration.default(0),
  department: workLogFields.shape.department.default(null),
  status: workLogFields.shape.status.default('pending'),
  hourlyRateAtTime: workLogFields.shape.hourlyRateAtTime.default('0'),
  note: workLogFields.shape.note.default(null),
  manualPremiumIds: workLogFields.shape.manualPremiumIds.default([]),
  tipsCash: workLogFields.shape.tipsCash.default('0'),
  tipsCard: workLogFields.shape.tipsCard.default('0'),
  distance: workLogFields.shape.distance.default(null),
  expenseAmount: workLogFields.shape.expenseAmount.default('0'),
  expenseNote: workLogFields.shape.expenseNote.default(null),
  allowOverlap: allowOverlapField,
});
export type CreateWorkLogBody = z.input<typeof createWorkLogBodySchema>;
export type CreateWorkLog = Omit<z.output<typeof createWorkLogBodySchema>, 'allowOverlap'>;

export const updateWorkLogBodySchema = workLogFields
  .partial()
  .extend({ allowOverlap: allowOverlapField })
  .refine((body) => Object.keys(body).some((key) => key !== 'allowOverlap'), 'Nothing to update');
export type UpdateWorkLogBody = z.input<typeof updateWorkLogBodySchema>;
export type UpdateWorkLog = Omit<z.output<typeof updateWorkLogBodySchema>, 'allowOverlap'>;

export const workLogIdParamsSchema = idParamsSchema('Invalid work log id');

export const workLogListQuerySchema = z.object({
  employerId: idField('Invalid employer id').optional(),
  department: z
    .string()
    .trim()
    .min(1, 'Choose a department')
    .max(100, 'Department must be at most 100 characters')
    .refine(hasNoLineBreak, 'Department must be on one line')
    .optional(),
  from: dateField.optional(),
  to: dateField.optional(),
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .refine(hasNoLineBreak, 'Search must be on one line')
    .optional(),
  limit: wholeNumber('Limit must be a whole number from 1 to 1000', 1, 1000).optional(),
  offset: wholeNumber('Offset must be a whole number from 0', 0, MAX_ID).optional(),
});
export type WorkLogListQuery = z.input<typeof workLogListQuerySchema>;

export const recentQuerySchema = z.object({
  limit: wholeNumber('Limit must be between 1 and 50', 1, 50).default(7),
});

const embeddedEmployerSchema = employerSchema.pick({
  id: true,
  name: true,
  hourlyRate: true,
  brandColor: true,
  departments: true,
  isActive: true,
  taxRate: true,
});

export const storedLineSchema = z.union([
  z.object({
    kind: z.literal('premium'),
    ruleId: z.string(),
    name: z.string(),
    minutes: z.number().int(),
    exactMinutes: z.string(),
    rateCentsPerHour: z.number().int(),
    exactRateCentsPerHour: z.string(),
    amountCents: z.number().int(),
  }),
  z.object({
    kind: z.literal('overtime'),
    basis: z.enum(['daily', 'weekly', 'seventhDay', 'period14']),
    multiplierBp: z.number().int(),
    minutes: z.number().int(),
    exactMinutes: z.string(),
    periodStart: z.string(),
    amountCents: z.number().int(),
  }),
]);

export const workLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  employerId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakDuration: z.number().int(),
  hourlyRateAtTime: z.string(),
  department: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(workLogStatuses),
  hours: z.string(),
  /** Worked minutes after the employer's rounding: the time paid, as a timesheet prints it. */
  paidMinutes: z.number().int(),
  /** The shift's whole pay: regular lines, premiums and overtime. */
  earnings: z.string(),
  /** Of it, the premiums and the overtime (an estimate), with their lines. */
  premiumEarnings: z.string(),
  overtimeEarnings: z.string(),
  payLines: z.array(storedLineSchema),
  manualPremiumIds: z.array(z.string()),
  /** Tips (income, never billed) and expenses (paid back on the timesheet), decision 042. */
  tipsCash: z.string(),
  tipsCard: z.string(),
  distance: z.string().nullable(),
  /** The employer's rate per km or mile when the distance was saved. */
  mileageRateAtTime: z.string().nullable(),
  distanceUnit: z.enum(distanceUnits).nullable(),
  expenseAmount: z.string(),
  expenseNote: z.string().nullable(),
  /** Mileage plus the expense amount: what the employer pays back. */
  expenses: z.string(),
  /** The receipt of the expense, if one is attached (decision 046). */
  receipt: uploadedFileSchema.nullable(),
  employer: embeddedEmployerSchema,
  notionSync: notionSyncSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkLog = z.infer<typeof workLogSchema>;
export const workLogListSchema = z.array(workLogSchema);

/** Sums of the rows as listed, across all pages. */
export const workLogSummarySchema = z.object({
  count: z.number().int(),
  totalHours: z.string(),
  totalEarnings: z.string(),
  /** Of the total: regular pay, premiums, overtime. */
  regularEarnings: z.string(),
  premiumEarnings: z.string(),
  overtimeEarnings: z.string(),
  /** Tips (cash and card) and expenses of the rows, beside the earnings (not in them). */
  totalTips: z.string(),
  totalExpenses: z.string(),
});
export type WorkLogSummary = z.infer<typeof workLogSummarySchema>;

/** A shift as typed in the dialog, priced with the rest of its week; `id`: the log edited. */
export const payPreviewBodySchema = workLogFields
  .pick({ employerId: true, date: true, startTime: true, endTime: true })
  .extend({
    breakDuration: workLogFields.shape.breakDuration.default(0),
    hourlyRateAtTime: workLogFields.shape.hourlyRateAtTime.default('0'),
    manualPremiumIds: workLogFields.shape.manualPremiumIds.default([]),
    id: idField('Invalid work log id').optional(),
  });
export type PayPreviewBody = z.input<typeof payPreviewBodySchema>;

/** The workweek (or 14-day period) a shift falls in, as the overtime engine sees it. */
export const payPeriodSchema = z.object({
  kind: z.enum(['workweek', 'period14']),
  startDate: z.string(),
  endDate: z.string(),
  paidMinutes: z.number().int(),
  straightTimeCents: z.number().int(),
  /** Straight time ÷ paid hours, exactly ("num/den" cents an hour) and to the cent. */
  exactRegularRateCentsPerHour: z.string(),
  regularRateCentsPerHour: z.number().int(),
  overtimeMinutes: z.array(z.object({ multiplierBp: z.number().int(), minutes: z.number().int() })),
  overtimePremiumCents: z.number().int(),
  thresholdMinutes: z.number().int().nullable(),
  minutesLeftBeforeThreshold: z.number().int().nullable(),
  /** The overtime group whose employers' hours the period counts together (decision 040). */
  groupName: z.string().nullable().optional(),
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;

export const payPreviewSchema = z.object({
  workedMinutes: z.number().int(),
  paidMinutes: z.number().int(),
  regularCents: z.number().int(),
  premiumCents: z.number().int(),
  overtimeCents: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(storedLineSchema),
  /** The shift's week with it (null when the employer has no overtime rules for it). */
  period: payPeriodSchema.nullable(),
});
export type PayPreview = z.infer<typeof payPreviewSchema>;

/** The most days one request copies a shift to, and the most shifts one bulk action changes. */
export const MAX_DUPLICATE_DATES = 31;
export const MAX_BULK_IDS = 200;

/** Copies of a shift, one a day; all are saved or none (409 / 400 naming the day that failed). */
const duplicateDates = z
  .array(dateField, { error: 'Choose the dates to copy the shift to' })
  .min(1, 'Choose at least one date')
  .max(MAX_DUPLICATE_DATES, `At most ${MAX_DUPLICATE_DATES} dates at once`)
  .refine((dates) => new Set(dates).size === dates.length, 'Each date only once');

export const duplicateWorkLogBodySchema = z.object({ dates: duplicateDates });
export type DuplicateWorkLogBody = z.input<typeof duplicateWorkLogBodySchema>;

const bulkIds = z
  .array(idField('Invalid work log id'), { error: 'Choose the work logs' })
  .min(1, 'Choose at least one work log')
  .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} work logs at once`)
  .transform((ids) => [...new Set(ids)]);

/** One action on the selected shifts, in one transaction: every shift or none. */
export const bulkWorkLogsBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('delete'), ids: bulkIds }),
    z.object({
      action: z.literal('set_employer'),
      ids: bulkIds,
      employerId: idField('Please select an employer'),
    }),
    z.object({
      action: z.literal('set_department'),
      ids: bulkIds,
      department: workLogFields.shape.department,
    }),
    z
      .object({ action: z.literal('duplicate'), ids: bulkIds, dates: duplicateDates })
      .refine((body) => body.ids.length * body.dates.length <= MAX_BULK_IDS, {
        message: `At most ${MAX_BULK_IDS} copies at once: choose fewer shifts or dates`,
        path: ['dates'],
      }),
  ],
  { error: 'Choose delete, set_employer, set_department or duplicate' },
);
export type BulkWorkLogsBody = z.input<typeof bulkWorkLogsBodySchema>;
export type BulkWorkLogs = z.output<typeof bulkWorkLogsBodySchema>;

/** How long Undo is offered after a delete, and how long the server keeps what it needs. */
export const UNDO_OFFER_SECONDS = 10;
export const UNDO_KEEP_SECONDS = 60;

/** A delete's answer: Undo sends the token back (POST /api/work-logs/restore) to put them back. */
const undoToken = z.string().min(1);

/** Copies made, or shifts deleted or changed; a delete adds the token that undoes it. */
export const bulkWorkLogsResultSchema = z.object({
  count: z.number().int(),
  undoToken: undoToken.optional(),
});
export const deleteWorkLogResultSchema = z.object({
  success: z.literal(true),
  undoToken,
});
export type DeleteWorkLogResult = z.infer<typeof deleteWorkLogResultSchema>;

export const restoreWorkLogsBodySchema = z.object({
  token: z
    .string({ error: 'The undo token is missing' })
    .trim()
    .min(1, 'The undo token is missing')
    .max(200, 'Unknown undo token'),
});
export type RestoreWorkLogsBody = z.input<typeof restoreWorkLogsBodySchema>;
export const restoreWorkLogsResultSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
});
export type RestoreWorkLogsResult = z.infer<typeof restoreWorkLogsResultSchema>;
export type BulkWorkLogsResult = z.infer<typeof bulkWorkLogsResultSchema>;
