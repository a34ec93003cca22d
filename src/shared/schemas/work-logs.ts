import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { parseTime } from '../domain/time.ts';
import { decimalString, employerSchema } from './employers.ts';
import { workLogStatuses } from './enums.ts';

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

const workLogFields = z.object({
  employerId: z.coerce
    .number({ error: 'Please select an employer' })
    .int('Please select an employer')
    .positive('Please select an employer'),
  date: dateField,
  startTime: timeField('Start time'),
  endTime: timeField('End time'),
  breakDuration: z
    .number({ error: 'Break must be a whole number of minutes' })
    .int('Break must be a whole number of minutes')
    .min(0, 'Break must be a whole number of minutes')
    .max(1439, 'Break must be shorter than the shift'),
  department: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  status: z.enum(workLogStatuses, { error: 'Choose a status from the list' }),
  /** 0 means "the employer's rate at the time of saving": the server captures it. */
  hourlyRateAtTime: z.preprocess(
    decimalString,
    z
      .string({ error: 'Hourly rate must be a positive number' })
      .trim()
      .refine(
        (v) => /^\d+(\.\d{1,2})?$/.test(v),
        'Hourly rate must be a positive number with at most two decimals',
      )
      .refine((v) => Number(v) <= 1_000_000, 'Hourly rate must be at most 1,000,000'),
  ),
});

export const createWorkLogBodySchema = workLogFields.extend({
  breakDuration: workLogFields.shape.breakDuration.default(0),
  department: workLogFields.shape.department.default(null),
  status: workLogFields.shape.status.default('pending'),
  hourlyRateAtTime: workLogFields.shape.hourlyRateAtTime.default('0'),
});
export type CreateWorkLogBody = z.input<typeof createWorkLogBodySchema>;
export type CreateWorkLog = z.output<typeof createWorkLogBodySchema>;

export const updateWorkLogBodySchema = workLogFields
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateWorkLogBody = z.input<typeof updateWorkLogBodySchema>;

export const workLogIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid work log id' })
    .int('Invalid work log id')
    .positive('Invalid work log id'),
});

export const workLogListQuerySchema = z.object({
  employerId: z.coerce.number().int().positive('Invalid employer id').optional(),
  department: z.string().trim().min(1).max(100).optional(),
  from: dateField.optional(),
  to: dateField.optional(),
  /** Case-insensitive part of the employer's name. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type WorkLogListQuery = z.input<typeof workLogListQuerySchema>;

export const recentQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 50')
    .max(50, 'Limit must be between 1 and 50')
    .default(7),
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
  status: z.enum(workLogStatuses),
  /** Derived with src/shared/domain and the user's rounding setting. */
  hours: z.string(),
  earnings: z.string(),
  employer: embeddedEmployerSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkLog = z.infer<typeof workLogSchema>;
export const workLogListSchema = z.array(workLogSchema);

/** GET /api/work-logs/count: how many logs match the list's filters (for "Showing 1–50 of N"). */
export const workLogCountSchema = z.object({ count: z.number().int() });
export type WorkLogCount = z.infer<typeof workLogCountSchema>;
