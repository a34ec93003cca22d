import { z } from 'zod';
import { canonicalTimeZone } from '../domain/dates.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { userSchema } from './user.ts';

export const exportFormats = ['pdf', 'csv'] as const;
export const roundTimeOptions = ['none', '5', '15', '30', '60'] as const;
export const roundTimeLabels: Record<(typeof roundTimeOptions)[number], string> = {
  none: "Don't round",
  '5': '5 minutes',
  '15': '15 minutes',
  '30': '30 minutes',
  '60': '1 hour',
};
export const taxCalculations = ['add', 'deduct', 'none'] as const;
/** As Settings and the employer form name each method. */
export const taxCalculationLabels: Record<(typeof taxCalculations)[number], string> = {
  add: 'Add tax (self-employed)',
  deduct: 'Deduct tax (employee)',
  none: 'No tax',
};
export const timeFormats = ['12-hour', '24-hour'] as const;
export const themes = ['light', 'dark', 'system'] as const;
/** 'semicolon': decimal commas, as spreadsheets in comma-decimal locales (German, French) read. */
export const csvFormats = ['comma', 'semicolon'] as const;
export type CsvFormat = (typeof csvFormats)[number];
export const DEFAULT_TIME_ZONE = 'America/New_York';
export { DEFAULT_CURRENCY } from '../domain/money.ts';

export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

export const settingsSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  defaultExportFormat: z.enum(exportFormats),
  roundTime: z.enum(roundTimeOptions),
  taxCalculation: z.enum(taxCalculations),
  timeFormat: z.enum(timeFormats),
  timeZone: z.string(),
  currency: z.string(),
  includeSummary: z.boolean(),
  csvFormat: z.enum(csvFormats),
  theme: z.enum(themes),
  /** Days after a payday before an unpaid period is overdue. */
  paymentGraceDays: z.number().int(),
  remindTimesheetDue: z.boolean(),
  remindPaydayMissed: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type RoundTime = (typeof roundTimeOptions)[number];

export const updateThemeBodySchema = z.object({
  theme: z.enum(themes, { error: 'Choose light, dark or system' }),
});
export type UpdateThemeBody = z.infer<typeof updateThemeBodySchema>;

const nameField = (label: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Name must be at most 100 characters')
    .refine(hasNoLineBreak, `${label} must be on one line`);

/** Each change is saved as it is made, so every field is optional; an `email` key is ignored. */
export const updateGeneralSettingsBodySchema = z
  .object({
    firstName: nameField('First name', 'First name is required'),
    lastName: nameField('Last name', 'Last name is required'),
    timeFormat: z.enum(timeFormats, { error: 'Choose 12-hour or 24-hour' }),
    timeZone: z.string({ error: 'Choose a time zone from the list' }).transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: 'Choose a time zone from the list' });
      return z.NEVER;
    }),
    currency: z
      .string({ error: 'Choose a currency from the list' })
      .refine(isCurrency, 'Choose a currency from the list'),
  })
  .partial();
export type UpdateGeneralSettingsBody = z.input<typeof updateGeneralSettingsBodySchema>;

// Answers the full settings: docs/product/screens.md#talking-to-the-server.
export const updateExportSettingsBodySchema = z
  .object({
    defaultExportFormat: z.enum(exportFormats, { error: 'Choose PDF or CSV' }),
    roundTime: z.enum(roundTimeOptions, {
      error: "Choose Don't round, 5 minutes, 15 minutes, 30 minutes or 1 hour",
    }),
    taxCalculation: z.enum(taxCalculations, { error: 'Choose add, deduct or none' }),
    includeSummary: z.boolean({ error: 'Include summary must be true or false' }),
    csvFormat: z.enum(csvFormats, {
      error: 'Choose a CSV format: comma-separated or semicolon-separated',
    }),
    paymentGraceDays: z
      .number({ error: 'Days late must be a whole number from 0 to 60' })
      .int('Days late must be a whole number from 0 to 60')
      .min(0, 'Days late must be a whole number from 0 to 60')
      .max(60, 'Days late must be a whole number from 0 to 60'),
    remindTimesheetDue: z.boolean({ error: 'Reminders are on or off: true or false' }),
    remindPaydayMissed: z.boolean({ error: 'Reminders are on or off: true or false' }),
  })
  .partial();
export type UpdateExportSettingsBody = z.input<typeof updateExportSettingsBodySchema>;

export const updateGeneralSettingsResponseSchema = z.object({
  user: userSchema,
  settings: settingsSchema,
});
export type UpdateGeneralSettingsResponse = z.infer<typeof updateGeneralSettingsResponseSchema>;
