import { z } from 'zod';
import { newPasswordField } from './auth.ts';
import { overtimeViewSchema, premiumViewSchema } from './employers.ts';
import { exportFormats, settingsSchema } from './settings.ts';

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Password is too long'),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const uploadProfileImageResponseSchema = z.object({
  success: z.literal(true),
  imageUrl: z.string(),
});
export type UploadProfileImageResponse = z.infer<typeof uploadProfileImageResponseSchema>;

const exportedEmployerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hourlyRate: z.string(),
  employmentType: z.string(),
  timesheetSchedule: z.string(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  departments: z.array(z.string()),
  taxRate: z.string(),
  brandColor: z.string(),
  taxMethod: z.string(),
  roundingStep: z.string(),
  roundingDirection: z.string(),
  payPrecision: z.string(),
  /** The latest overtime rules and premiums (the engine's shapes), and whose holidays. */
  overtime: overtimeViewSchema,
  premiums: z.array(premiumViewSchema).readonly(),
  holidayCountry: z.string().nullable(),
  holidayRegion: z.string().nullable(),
  /** Its pay calendar: anchor date, the days periods start on, and its payday. */
  payAnchorDate: z.string().nullable(),
  payStartDays: z.array(z.number().int()),
  paydayDays: z.number().int(),
  paydayWeekday: z.number().int().nullable(),
  /** Mileage paid back per km or mile (null: none). */
  mileageRate: z.string().nullable(),
  distanceUnit: z.string(),
  /** Its holiday dates: public holidays stored for its shifts' years, added or taken off. */
  holidays: z.array(
    z.object({
      date: z.string(),
      name: z.string(),
      source: z.string(),
      removed: z.boolean(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Oldest first; `effectiveFrom` null: from the beginning. */
  rateHistory: z.array(
    z.object({
      effectiveFrom: z.string().nullable(),
      hourlyRate: z.string(),
      roundingStep: z.string(),
      roundingDirection: z.string(),
      payPrecision: z.string(),
      taxMethod: z.string(),
      taxRate: z.string(),
      overtime: overtimeViewSchema,
      premiums: z.array(premiumViewSchema).readonly(),
      createdAt: z.string(),
    }),
  ),
  /** Oldest first. */
  ruleChanges: z.array(
    z.object({
      changedAt: z.string(),
      field: z.string(),
      oldValue: z.string(),
      newValue: z.string(),
      applies: z.string(),
      appliesFrom: z.string().nullable(),
    }),
  ),
});

const exportedWorkLogSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  employerName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.number().int(),
  /** The zone the times were logged in. */
  timeZone: z.string(),
  /** As the screens show them, after the user's rounding setting. */
  hours: z.string(),
  hourlyRate: z.string(),
  /** The whole pay; of it the premiums and the overtime (an estimate). */
  earnings: z.string(),
  premiumEarnings: z.string(),
  overtimeEarnings: z.string(),
  /** Premiums switched on for this shift by hand, by id. */
  manualPremiumIds: z.array(z.string()),
  /** Tips (income, not billed) and expenses paid back: mileage at the rate when saved, and an amount. */
  tipsCash: z.string(),
  tipsCard: z.string(),
  distance: z.string().nullable(),
  mileageRate: z.string().nullable(),
  distanceUnit: z.string().nullable(),
  expenseAmount: z.string(),
  expenseNote: z.string().nullable(),
  expenses: z.string(),
  /** The expense's receipt (decision 046), its bytes in base64. */
  receipt: z
    .object({
      name: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
      base64: z.string(),
    })
    .nullable(),
  department: z.string().nullable(),
  note: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const exportedTimesheetSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  employerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.string(),
  shifts: z.number().int(),
  totalHours: z.string(),
  totalEarnings: z.string(),
  tax: z.string(),
  totalDue: z.string(),
  expenses: z.string(),
  taxCalculation: z.string(),
  roundingStep: z.string(),
  roundingDirection: z.string(),
  payPrecision: z.string(),
  currency: z.string(),
  format: z.enum(exportFormats).nullable(),
  documentName: z.string().nullable(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Timesheet documents' bytes and the picture stay out; a payment's file is in (decision 043). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    accountId: z.string(),
    hasProfilePicture: z.boolean(),
    createdAt: z.string(),
  }),
  settings: settingsSchema.omit({ id: true, userId: true }),
  employers: z.array(exportedEmployerSchema),
  /** Employers counted as one for overtime: the group's rules and its employers' ids. */
  employerGroups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      overtime: overtimeViewSchema,
      employerIds: z.array(z.number().int()),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Payments received, each with the pay periods it pays. */
  payments: z.array(
    z.object({
      id: z.number().int(),
      employerId: z.number().int(),
      amount: z.string(),
      receivedOn: z.string(),
      method: z.string(),
      reference: z.string().nullable(),
      note: z.string().nullable(),
      allocations: z.array(
        z.object({ periodStart: z.string(), periodEnd: z.string(), amount: z.string() }),
      ),
      /** The pay stub or invoice attached (decision 043), its bytes in base64. */
      file: z
        .object({
          name: z.string(),
          contentType: z.string(),
          size: z.number().int(),
          createdAt: z.string(),
          base64: z.string(),
        })
        .nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Pay periods closed and reopened: when, and why they were reopened. */
  closedPeriods: z.array(
    z.object({
      employerId: z.number().int(),
      periodStart: z.string(),
      periodEnd: z.string(),
      closedAt: z.string(),
      reopenedAt: z.string().nullable(),
      reopenReason: z.string().nullable(),
    }),
  ),
  workLogs: z.array(exportedWorkLogSchema),
  timesheets: z.array(exportedTimesheetSchema),
  /** The timer running when the data was downloaded (not a shift yet), or null. */
  runningTimer: z
    .object({
      employerId: z.number().int(),
      department: z.string().nullable(),
      startedAt: z.string(),
      pausedAt: z.string().nullable(),
      pausedSeconds: z.number().int(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
