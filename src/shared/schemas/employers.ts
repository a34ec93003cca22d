import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { noOvertime } from '../domain/overtime.ts';
import { DEFAULT_PAYDAY_DAYS, START_DAYS } from '../domain/pay-periods.ts';
import {
  decimalInput,
  decimalProblem,
  hourlyRateRules,
  idParamsSchema,
  optionalDecimalField,
} from './common.ts';
import {
  brandColors,
  distanceUnits,
  employmentTypes,
  payPrecisions,
  roundingDirections,
  roundingSteps,
  ruleChangeFields,
  ruleChangeScopes,
  timesheetSchedules,
} from './enums.ts';
import { holidayCountryField, holidayRegionField } from './holidays.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { overtimeRuleSchema, premiumRulesSchema } from './pay-extras.ts';
import { taxCalculations } from './settings.ts';

/** The pay calendar's fields (decision 041). */
export const PAY_CALENDAR_MESSAGES = {
  anchorDate: 'Please choose a real date (YYYY-MM-DD)',
  startDay: 'Choose days of the month from 1 to 28',
  semimonthly: 'Choose two different days of the month',
  monthly: 'Choose one day of the month',
  paydayDays: 'Payday must be 0 to 90 days after the period ends',
  paydayWeekday: 'Choose a day of the week from the list',
} as const;

export const MAX_DEPARTMENTS = 50;
export const MAX_DEPARTMENT_LENGTH = 100;

export const hourlyRateField = decimalInput('Hourly rate must be a positive number').superRefine(
  (v, ctx) => {
    const problem = v === '' ? hourlyRateRules.notANumber : decimalProblem(v, hourlyRateRules);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  },
);

/** Optional in the form: empty (or null) means 0 %. */
export const taxRateField = z
  .union([decimalInput('Tax rate must be a number'), z.null()])
  .transform((v) => (v === null || v === '' ? '0' : v))
  .superRefine((v, ctx) => {
    const problem = decimalProblem(v, {
      label: 'Tax rate',
      notANumber: 'Tax rate must be a number',
      example: '7.5',
      max: { value: 100, text: '100' },
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const optionalText = (max: number, message: string, oneLine?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((text) => !oneLine || hasNoLineBreak(text), oneLine)
    .nullish()
    .transform((v) => (v ? v : null));

export const departmentsField = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Department names cannot be empty')
      .max(
        MAX_DEPARTMENT_LENGTH,
        `Department names must be at most ${MAX_DEPARTMENT_LENGTH} characters`,
      )
      .refine(hasNoLineBreak, 'Department names must be on one line'),
  )
  .max(MAX_DEPARTMENTS, `At most ${MAX_DEPARTMENTS} departments`)
  .refine(
    (list) => new Set(list.map((d) => d.toLowerCase())).size === list.length,
    'Each department can be added only once',
  );

/** Without defaults, so a PATCH changes only what it sends. */
const employerFields = z.object({
  name: z
    .string({ error: 'Employer name is required' })
    .trim()
    .min(1, 'Employer name is required')
    .max(200, 'Employer name must be at most 200 characters')
    .refine(hasNoLineBreak, 'Employer name must be on one line'),
  hourlyRate: hourlyRateField,
  employmentType: z.enum(employmentTypes, { error: 'Choose an employment type from the list' }),
  timesheetSchedule: z.enum(timesheetSchedules, {
    error: 'Choose a timesheet schedule from the list',
  }),
  contactEmail: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email('Invalid email address').max(254, 'Invalid email address').nullable()),
  phone: optionalText(50, 'Phone must be at most 50 characters', 'Phone must be on one line'),
  address: optionalText(500, 'Address must be at most 500 characters'),
  departments: departmentsField,
  taxRate: taxRateField,
  /** Per employer (decision 035): a W-2 job deducts while a 1099 contract adds. */
  taxMethod: z.enum(taxCalculations, { error: 'Choose add, deduct or no tax' }),
  isActive: z.boolean({ error: 'Active must be true or false' }),
  brandColor: z.enum(brandColors, { error: 'Choose a colour from the list' }),
  roundingStep: z.enum(roundingSteps, {
    error: 'Choose no rounding or 5, 6, 15, 30 or 60 minutes',
  }),
  roundingDirection: z.enum(roundingDirections, { error: 'Choose nearest, up or down' }),
  payPrecision: z.enum(payPrecisions, { error: 'Choose exact minutes or tenths of an hour' }),
  /** Overtime and shift premiums have dates, like the rate (decision 039). */
  overtime: overtimeRuleSchema,
  premiums: premiumRulesSchema,
  /** Whose public holidays the holiday premiums follow; null: none. */
  holidayCountry: holidayCountryField.nullable(),
  holidayRegion: holidayRegionField.nullable().transform((v) => (v ? v : null)),
  /** Its pay calendar (decision 041); null and empty take the schedule's defaults. */
  payAnchorDate: z
    .string({ error: PAY_CALENDAR_MESSAGES.anchorDate })
    .refine(isValidDate, PAY_CALENDAR_MESSAGES.anchorDate)
    .nullable(),
  payStartDays: z
    .array(
      z
        .number({ error: PAY_CALENDAR_MESSAGES.startDay })
        .int(PAY_CALENDAR_MESSAGES.startDay)
        .min(START_DAYS.min, PAY_CALENDAR_MESSAGES.startDay)
        .max(START_DAYS.max, PAY_CALENDAR_MESSAGES.startDay),
      { error: PAY_CALENDAR_MESSAGES.startDay },
    )
    .max(2, PAY_CALENDAR_MESSAGES.semimonthly)
    .refine((days) => new Set(days).size === days.length, PAY_CALENDAR_MESSAGES.semimonthly)
    .transform((days) => [...days].sort((a, b) => a - b)),
  paydayDays: z
    .number({ error: PAY_CALENDAR_MESSAGES.paydayDays })
    .int(PAY_CALENDAR_MESSAGES.paydayDays)
    .min(0, PAY_CALENDAR_MESSAGES.paydayDays)
    .max(90, PAY_CALENDAR_MESSAGES.paydayDays),
  paydayWeekday: z
    .number({ error: PAY_CALENDAR_MESSAGES.paydayWeekday })
    .int(PAY_CALENDAR_MESSAGES.paydayWeekday)
    .min(0, PAY_CALENDAR_MESSAGES.paydayWeekday)
    .max(6, PAY_CALENDAR_MESSAGES.paydayWeekday)
    .nullable(),
  /** Mileage paid back per km or mile (decision 042); null: none. */
  mileageRate: optionalDecimalField('Mileage rate', 3, 100),
  distanceUnit: z.enum(distanceUnits, { error: 'Choose kilometres or miles' }),
});

/** Whether a change of rate, rounding or precision reaches the shifts already logged. */
export const applyChangeSchema = z
  .object({
    from: z.enum(ruleChangeScopes, {
      error: 'Choose new shifts only, from a date, or every shift',
    }),
    date: z
      .string({ error: 'Choose the date the change applies from' })
      .refine(isValidDate, 'Please choose a real date (YYYY-MM-DD)')
      .optional(),
  })
  .refine((v) => v.from !== 'date' || v.date !== undefined, {
    message: 'Choose the date the change applies from',
    path: ['date'],
  });
export type ApplyChange = z.output<typeof applyChangeSchema>;

export const createEmployerBodySchema = employerFields.extend({
  employmentType: employerFields.shape.employmentType.default('full-time'),
  timesheetSchedule: employerFields.shape.timesheetSchedule.default('weekly'),
  departments: employerFields.shape.departments.default([]),
  taxRate: employerFields.shape.taxRate.default('0'),
  // Left out: the user's default (Settings → Export) when the employer is created.
  taxMethod: employerFields.shape.taxMethod.optional(),
  // Left out: the user's rounding (Settings); nearest; exact minutes.
  roundingStep: employerFields.shape.roundingStep.optional(),
  roundingDirection: employerFields.shape.roundingDirection.default('nearest'),
  payPrecision: employerFields.shape.payPrecision.default('minutes'),
  overtime: employerFields.shape.overtime.default(() => ({ ...noOvertime })),
  premiums: employerFields.shape.premiums.default([]),
  holidayCountry: employerFields.shape.holidayCountry.default(null),
  holidayRegion: employerFields.shape.holidayRegion.default(null),
  payAnchorDate: employerFields.shape.payAnchorDate.default(null),
  payStartDays: employerFields.shape.payStartDays.default([]),
  paydayDays: employerFields.shape.paydayDays.default(DEFAULT_PAYDAY_DAYS),
  paydayWeekday: employerFields.shape.paydayWeekday.default(null),
  mileageRate: employerFields.shape.mileageRate.default(null),
  distanceUnit: employerFields.shape.distanceUnit.default('km'),
  isActive: employerFields.shape.isActive.default(true),
  brandColor: employerFields.shape.brandColor.default('blue'),
  contactEmail: employerFields.shape.contactEmail.default(null),
  phone: employerFields.shape.phone.default(null),
  address: employerFields.shape.address.default(null),
});
export type CreateEmployerBody = z.input<typeof createEmployerBodySchema>;
export type CreateEmployer = z.output<typeof createEmployerBodySchema>;

export const updateEmployerBodySchema = employerFields
  .partial()
  .extend({ applyChange: applyChangeSchema.optional() })
  .refine((body) => Object.keys(body).some((key) => key !== 'applyChange'), 'Nothing to update');
export type UpdateEmployerBody = z.input<typeof updateEmployerBodySchema>;
export type UpdateEmployer = z.output<typeof updateEmployerBodySchema>;

export const employerIdParamsSchema = idParamsSchema('Invalid employer id');

/** As stored: the engine's shapes (src/shared/domain/overtime.ts, premiums.ts). */
const tierView = z.object({ overMinutes: z.number().int(), multiplierBp: z.number().int() });
export const overtimeViewSchema = z.object({
  preset: z.string(),
  workweekStartDay: z.number().int(),
  workweekStartTime: z.string(),
  daily: z.array(tierView).readonly().optional(),
  weekly: tierView.optional(),
  seventhDay: z.boolean().optional(),
  period14: z
    .object({
      anchorDate: z.string(),
      overMinutes: z.number().int(),
      multiplierBp: z.number().int(),
      dailyOverMinutes: z.number().int(),
    })
    .optional(),
});
export const premiumViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['percent', 'fixed']),
  basisPoints: z.number().int().optional(),
  capCentsPerHour: z.number().int().optional(),
  centsPerHour: z.number().int().optional(),
  days: z.array(z.number().int()).readonly().optional(),
  window: z.object({ start: z.string(), end: z.string() }).optional(),
  holidays: z.boolean().optional(),
  manualOnly: z.boolean().optional(),
});

/** One version of an employer's rules: from its date (null: from the beginning) on. */
const ruleVersionSchema = z.object({
  effectiveFrom: z.string().nullable(),
  hourlyRate: z.string(),
  roundingStep: z.enum(roundingSteps),
  roundingDirection: z.enum(roundingDirections),
  payPrecision: z.enum(payPrecisions),
  taxMethod: z.enum(taxCalculations),
  /** As stored, '8.00' for 8 %. */
  taxRate: z.string(),
  overtime: overtimeViewSchema,
  premiums: z.array(premiumViewSchema).readonly(),
});
export type RuleVersionView = z.infer<typeof ruleVersionSchema>;

export const employerSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  hourlyRate: z.string(),
  employmentType: z.enum(employmentTypes),
  timesheetSchedule: z.enum(timesheetSchedules),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  departments: z.array(z.string()),
  taxRate: z.string(),
  taxMethod: z.enum(taxCalculations),
  roundingStep: z.enum(roundingSteps),
  roundingDirection: z.enum(roundingDirections),
  payPrecision: z.enum(payPrecisions),
  brandColor: z.enum(brandColors),
  /** The latest version's overtime and premiums, as the form edits them. */
  overtime: overtimeViewSchema,
  premiums: z.array(premiumViewSchema).readonly(),
  holidayCountry: z.string().nullable(),
  holidayRegion: z.string().nullable(),
  payAnchorDate: z.string().nullable(),
  payStartDays: z.array(z.number().int()),
  paydayDays: z.number().int(),
  paydayWeekday: z.number().int().nullable(),
  mileageRate: z.string().nullable(),
  distanceUnit: z.enum(distanceUnits),
  /**
   * The versions of its per-shift rules, oldest first (decision 036), so a screen can pay a shift
   * by the rules of its date; the fields above repeat the latest.
   */
  payRules: z.array(ruleVersionSchema),
  /** Derived from the work logs and timesheets, never stored. */
  shiftCount: z.number().int(),
  totalHours: z.string(),
  totalEarnings: z.string(),
  timesheetsSubmitted: z.number().int(),
  lastTimesheetDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Employer = z.infer<typeof employerSchema>;
export const employerListSchema = z.array(employerSchema);

/** What a change would do to the shifts already logged, worked out by the pay engine. */
export const changePreviewSchema = z.object({
  shifts: z.number().int(),
  /** Their gross pay. */
  beforeCents: z.number().int(),
  afterCents: z.number().int(),
  /** The same shifts after tax, each under the tax of its date (added or deducted). */
  beforeTotalCents: z.number().int(),
  afterTotalCents: z.number().int(),
});
export type ChangePreview = z.infer<typeof changePreviewSchema>;

export const rateHistorySchema = z.object({
  /** Newest first; `effectiveFrom` null: from the beginning. */
  versions: z.array(ruleVersionSchema),
  /** Newest first. */
  changes: z.array(
    z.object({
      id: z.number().int(),
      changedAt: z.string(),
      changedBy: z.string().nullable(),
      field: z.enum(ruleChangeFields),
      oldValue: z.string(),
      newValue: z.string(),
      applies: z.enum(ruleChangeScopes),
      appliesFrom: z.string().nullable(),
    }),
  ),
});
export type RateHistory = z.infer<typeof rateHistorySchema>;
