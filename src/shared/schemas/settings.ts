import { z } from 'zod';

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
export const timeFormats = ['12-hour', '24-hour'] as const;
/** 'system' follows the device's light or dark preference. */
export const themes = ['light', 'dark', 'system'] as const;
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const settingsSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  defaultExportFormat: z.enum(exportFormats),
  roundTime: z.enum(roundTimeOptions),
  taxCalculation: z.enum(taxCalculations),
  timeFormat: z.enum(timeFormats),
  timeZone: z.string(),
  includeSummary: z.boolean(),
  theme: z.enum(themes),
});
export type Settings = z.infer<typeof settingsSchema>;
export type RoundTime = (typeof roundTimeOptions)[number];

/** PATCH /api/settings/theme: the theme picked in the top bar, kept for the next sign-in. */
export const updateThemeBodySchema = z.object({
  theme: z.enum(themes, { error: 'Choose light, dark or system' }),
});
export type UpdateThemeBody = z.infer<typeof updateThemeBodySchema>;
