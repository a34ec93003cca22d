// An employer's overtime rules and shift premiums as the API takes them (decision 039): whole
// numbers (minutes, basis points, cents) so nothing is rounded on the way in.
import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { type OvertimeRule, overtimePresetNames, overtimePresets } from '../domain/overtime.ts';
import type { PremiumRule } from '../domain/premiums.ts';
import { parseTime } from '../domain/time.ts';
import { hasNoLineBreak } from './line-breaks.ts';

export const MAX_PREMIUMS = 20;
export const overtimeChoices = [...overtimePresetNames, 'custom'] as const;

const clock = (message: string) =>
  z
    .string({ error: message })
    .refine((t) => /^\d{2}:\d{2}$/.test(t) && parseTime(t) !== null, message);

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const tier = (what: string) =>
  z.object({
    overMinutes: int(`${what} threshold must be between 0 and 168 hours`, 0, 168 * 60),
    multiplierBp: int(`${what} multiplier must be between 1× and 4×`, 10_000, 40_000),
  });

const overtimeInput = z.object({
  preset: z.enum(overtimeChoices, { error: 'Choose an overtime rule from the list' }),
  workweekStartDay: int('Choose the day the workweek starts', 0, 6).default(0),
  workweekStartTime: clock('Workweek start must be a time like 00:00').default('00:00'),
  daily: z.array(tier('Daily')).max(3, 'At most three daily thresholds').optional(),
  weekly: tier('Weekly').optional(),
  seventhDay: z.boolean({ error: 'Seventh day must be true or false' }).optional(),
  period14: z
    .object({
      anchorDate: z
        .string({ error: 'Choose the first day of a 14-day period' })
        .refine(isValidDate, 'Please choose a real date (YYYY-MM-DD)'),
    })
    .partial()
    .optional(),
});

/**
 * A preset takes its thresholds from the preset (keeping the workweek start the user chose and
 * the 8-and-80 period's first day); custom keeps the daily, weekly and seventh-day rules given.
 */
export const overtimeRuleSchema = overtimeInput.transform((input): OvertimeRule => {
  const start = {
    workweekStartDay: input.workweekStartDay,
    workweekStartTime: input.workweekStartTime,
  };
  if (input.preset === 'custom') {
    const daily = [...(input.daily ?? [])].sort((a, b) => a.overMinutes - b.overMinutes);
    return {
      preset: 'custom',
      ...start,
      ...(daily.length > 0 ? { daily } : {}),
      ...(input.weekly ? { weekly: input.weekly } : {}),
      ...(input.seventhDay ? { seventhDay: true } : {}),
    };
  }
  const preset = overtimePresets[input.preset];
  if (input.preset === 'hospital8and80') {
    const period14 = overtimePresets.hospital8and80.period14;
    return {
      ...preset,
      preset: input.preset,
      ...start,
      period14: { ...period14, anchorDate: input.period14?.anchorDate ?? period14.anchorDate },
    };
  }
  return { ...preset, preset: input.preset, ...start };
});
export type OvertimeRuleInput = z.input<typeof overtimeRuleSchema>;

const premiumBase = {
  id: z
    .string({ error: 'Each premium needs an id' })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Each premium needs an id of letters and digits'),
  name: z
    .string({ error: 'Premium name is required' })
    .trim()
    .min(1, 'Premium name is required')
    .max(60, 'Premium name must be at most 60 characters')
    .refine(hasNoLineBreak, 'Premium name must be on one line'),
  days: z
    .array(int('Days are 0 (Sunday) to 6 (Saturday)', 0, 6))
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day can be chosen only once')
    .optional(),
  window: z
    .object({
      start: clock('Window start must be a time like 19:00'),
      end: clock('Window end must be a time like 07:00'),
    })
    .refine((w) => w.start !== w.end, 'The window must start and end at different times')
    .optional(),
  holidays: z.boolean({ error: 'Holidays must be true or false' }).optional(),
  manualOnly: z.boolean({ error: 'By hand only must be true or false' }).optional(),
};

export const premiumRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...premiumBase,
      kind: z.literal('percent'),
      basisPoints: int('Percentage must be between 0.01 % and 1,000 %', 1, 100_000),
      capCentsPerHour: int('Cap must be between $0.01 and $10,000 an hour', 1, 1_000_000)
        .nullish()
        .transform((v) => v ?? undefined),
    }),
    z.object({
      ...premiumBase,
      kind: z.literal('fixed'),
      centsPerHour: int('Amount must be between $0.01 and $10,000 an hour', 1, 1_000_000),
    }),
  ],
  { error: 'Choose a percentage or an amount per hour' },
);

export const premiumRulesSchema = z
  .array(premiumRuleSchema)
  .max(MAX_PREMIUMS, `At most ${MAX_PREMIUMS} premiums`)
  .refine(
    (rules) => new Set(rules.map((r) => r.id)).size === rules.length,
    'Each premium needs its own id',
  )
  .refine(
    (rules) => new Set(rules.map((r) => r.name.toLowerCase())).size === rules.length,
    'Each premium needs its own name',
  )
  .transform((rules) =>
    rules.map((rule): PremiumRule => {
      // Stored without empty conditions, so equal rules compare equal.
      const { days, window, holidays, manualOnly, ...rest } = rule;
      return {
        ...rest,
        ...(days && days.length > 0 ? { days: [...days].sort((a, b) => a - b) } : {}),
        ...(window ? { window } : {}),
        ...(holidays ? { holidays: true } : {}),
        ...(manualOnly ? { manualOnly: true } : {}),
      } as PremiumRule;
    }),
  );
