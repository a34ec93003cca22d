// The overtime rule as the form edits it: hours and multipliers as typed ("7.5", "1.5"), turned
// into the API's whole minutes and basis points exactly, from the text, never through a float.
import { z } from 'zod';
import { type OvertimeRule, overtimePresets } from '../../../../shared/domain/overtime.ts';
import { overtimeChoices, overtimeRuleSchema } from '../../../../shared/schemas/pay-extras.ts';

export type OvertimeChoice = (typeof overtimeChoices)[number];

export type OvertimeDraft = {
  preset: OvertimeChoice;
  /** '0' (Sunday) … '6' (Saturday), as the select holds it. */
  workweekStartDay: string;
  workweekStartTime: string;
  /** Hospital 8 and 80: the first day of a 14-day period. */
  anchorDate: string;
  dailyHours: string;
  dailyMultiplier: string;
  daily2Hours: string;
  daily2Multiplier: string;
  weeklyHours: string;
  weeklyMultiplier: string;
  seventhDay: boolean;
  /** Daily tiers past the second (the API takes three): kept as they are, not edited here. */
  moreDaily: { overMinutes: number; multiplierBp: number }[];
};

export type OvertimeDraftField = Exclude<keyof OvertimeDraft, 'moreDaily'>;

const MAX_MINUTES = 168 * 60;

export const HOURS_MESSAGES = {
  notHours: 'Enter hours like 8, 7.5 or 7:30',
  notWholeMinutes: 'That is not a whole number of minutes: write it as hours:minutes, like 7:20',
  range: 'Hours must be between 0 and 168',
} as const;

export const MULTIPLIER_MESSAGES = {
  notMultiplier: 'Enter a multiplier like 1.5 or 2',
  range: 'Multiplier must be between 1× and 4×',
  missing: 'Enter the multiplier, like 1.5',
} as const;

/** '8' → 480, '7.5' → 450, '7.25' → 435, '7:20' → 440; a message when it is not whole minutes. */
export function parseHours(text: string): { minutes: number } | { error: string } {
  const value = text.trim();
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(value);
  let minutes: number;
  if (clock) {
    minutes = Number(clock[1]) * 60 + Number(clock[2]);
  } else {
    const decimal = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
    if (!decimal) return { error: HOURS_MESSAGES.notHours };
    const hundredths = Number(decimal[1]) * 100 + Number((decimal[2] ?? '').padEnd(2, '0'));
    // minutes = hundredths × 60 ÷ 100 = hundredths × 3 ÷ 5, whole only when 5 divides it.
    if ((hundredths * 3) % 5 !== 0) return { error: HOURS_MESSAGES.notWholeMinutes };
    minutes = (hundredths * 3) / 5;
  }
  return minutes > MAX_MINUTES ? { error: HOURS_MESSAGES.range } : { minutes };
}

/** '1.5' → 15000, '2' → 20000, '1.25' → 12500. */
export function parseMultiplier(text: string): { basisPoints: number } | { error: string } {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return { error: MULTIPLIER_MESSAGES.notMultiplier };
  const basisPoints = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (basisPoints < 10_000 || basisPoints > 40_000) return { error: MULTIPLIER_MESSAGES.range };
  return { basisPoints };
}

/** 450 → '7.5', 480 → '8', 440 → '7:20' (not a whole number of hundredths). */
export function hoursText(minutes: number): string {
  if ((minutes * 5) % 3 !== 0) {
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  }
  const hundredths = (minutes * 5) / 3;
  const part = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(hundredths / 100)}${part ? `.${part}` : ''}`;
}

/** 15000 → '1.5', 20000 → '2'. */
export function multiplierText(basisPoints: number): string {
  const part = String(basisPoints % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${Math.floor(basisPoints / 10_000)}${part ? `.${part}` : ''}`;
}

type TierView = { overMinutes: number; multiplierBp: number };
type OvertimeView = {
  preset: string;
  workweekStartDay: number;
  workweekStartTime: string;
  daily?: readonly TierView[];
  weekly?: TierView;
  seventhDay?: boolean;
  period14?: { anchorDate: string };
};

export const isOvertimeChoice = (preset: string): preset is OvertimeChoice =>
  (overtimeChoices as readonly string[]).includes(preset);

/** The custom fields filled with a rule's thresholds (empty where the rule has none). */
function customFields(rule: Partial<OvertimeView>) {
  const [first, second, ...more] = rule.daily ?? [];
  return {
    moreDaily: more.map((tier) => ({ ...tier })),
    dailyHours: first ? hoursText(first.overMinutes) : '',
    dailyMultiplier: first ? multiplierText(first.multiplierBp) : '',
    daily2Hours: second ? hoursText(second.overMinutes) : '',
    daily2Multiplier: second ? multiplierText(second.multiplierBp) : '',
    weeklyHours: rule.weekly ? hoursText(rule.weekly.overMinutes) : '',
    weeklyMultiplier: rule.weekly ? multiplierText(rule.weekly.multiplierBp) : '',
    seventhDay: rule.seventhDay === true,
  };
}

/** The form's fields for a stored rule (an employer's), or no overtime. */
export function overtimeDraftOf(rule?: OvertimeView): OvertimeDraft {
  const preset = rule && isOvertimeChoice(rule.preset) ? rule.preset : 'none';
  return {
    preset,
    workweekStartDay: String(rule?.workweekStartDay ?? 0),
    workweekStartTime: rule?.workweekStartTime ?? '00:00',
    anchorDate: rule?.period14?.anchorDate ?? overtimePresets.hospital8and80.period14.anchorDate,
    ...customFields(preset === 'custom' && rule ? rule : {}),
  };
}

/** Switching to Custom starts from the thresholds of the preset it leaves. */
export function customStartingFrom(draft: OvertimeDraft): OvertimeDraft {
  const hasCustom = [draft.dailyHours, draft.daily2Hours, draft.weeklyHours].some((v) => v !== '');
  if (hasCustom || draft.preset === 'custom' || draft.preset === 'none') {
    return { ...draft, preset: 'custom' };
  }
  return { ...draft, preset: 'custom', ...customFields(overtimePresets[draft.preset]) };
}

type Issue = { path: OvertimeDraftField; message: string };

/** The rule the API takes, or what is wrong with each field. */
export function overtimeInputOf(draft: OvertimeDraft): {
  input?: z.input<typeof overtimeRuleSchema>;
  issues: Issue[];
} {
  const issues: Issue[] = [];
  const start = {
    workweekStartDay: Number(draft.workweekStartDay),
    workweekStartTime: draft.workweekStartTime,
  };
  if (!/^\d{2}:\d{2}$/.test(draft.workweekStartTime)) {
    issues.push({ path: 'workweekStartTime', message: 'Enter a time like 00:00' });
  }
  if (draft.preset === 'hospital8and80') {
    if (draft.anchorDate === '') {
      issues.push({ path: 'anchorDate', message: 'Choose the first day of a 14-day period' });
    }
    return issues.length > 0
      ? { issues }
      : {
          input: { preset: draft.preset, ...start, period14: { anchorDate: draft.anchorDate } },
          issues,
        };
  }
  if (draft.preset !== 'custom') {
    return issues.length > 0 ? { issues } : { input: { preset: draft.preset, ...start }, issues };
  }

  const tier = (hoursField: OvertimeDraftField, multiplierField: OvertimeDraftField) => {
    const hoursTyped = String(draft[hoursField]).trim();
    const multiplierTyped = String(draft[multiplierField]).trim();
    if (hoursTyped === '' && multiplierTyped === '') return undefined;
    if (hoursTyped === '') {
      issues.push({ path: hoursField, message: 'Enter the hours, or clear the multiplier' });
      return null;
    }
    const hours = parseHours(hoursTyped);
    if ('error' in hours) issues.push({ path: hoursField, message: hours.error });
    const multiplier =
      multiplierTyped === ''
        ? { error: MULTIPLIER_MESSAGES.missing }
        : parseMultiplier(multiplierTyped);
    if ('error' in multiplier) issues.push({ path: multiplierField, message: multiplier.error });
    if ('error' in hours || 'error' in multiplier) return null;
    return { overMinutes: hours.minutes, multiplierBp: multiplier.basisPoints };
  };
  const first = tier('dailyHours', 'dailyMultiplier');
  const second = tier('daily2Hours', 'daily2Multiplier');
  const weekly = tier('weeklyHours', 'weeklyMultiplier');
  if (second && !first) {
    issues.push({ path: 'dailyHours', message: 'Enter the first daily threshold before a second' });
  }
  if (first && second && second.overMinutes <= first.overMinutes) {
    issues.push({
      path: 'daily2Hours',
      message: 'The second daily threshold must be more hours than the first',
    });
  }
  if (first === undefined && weekly === undefined && !draft.seventhDay && second === undefined) {
    issues.push({
      path: 'dailyHours',
      message: 'Enter a daily or weekly threshold, or choose No overtime',
    });
  }
  if (issues.length > 0) return { issues };
  const daily = [first, second, ...draft.moreDaily].filter((t): t is TierView => Boolean(t));
  return {
    input: {
      preset: 'custom',
      ...start,
      ...(daily.length > 0 ? { daily } : {}),
      ...(weekly ? { weekly } : {}),
      ...(draft.seventhDay ? { seventhDay: true } : {}),
    },
    issues,
  };
}

export const overtimeDraftSchema = z
  .object({
    preset: z.enum(overtimeChoices),
    workweekStartDay: z.string(),
    workweekStartTime: z.string(),
    anchorDate: z.string(),
    dailyHours: z.string(),
    dailyMultiplier: z.string(),
    daily2Hours: z.string(),
    daily2Multiplier: z.string(),
    weeklyHours: z.string(),
    weeklyMultiplier: z.string(),
    seventhDay: z.boolean(),
    moreDaily: z.array(z.object({ overMinutes: z.number(), multiplierBp: z.number() })),
  })
  .transform((draft, ctx) => {
    const { input, issues } = overtimeInputOf(draft);
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
    return input ?? z.NEVER;
  })
  .pipe(overtimeRuleSchema);

/** The rule a draft stands for, when it is complete: for the rules in words under the select. */
export function overtimeRuleOf(draft: OvertimeDraft): OvertimeRule | undefined {
  const parsed = overtimeDraftSchema.safeParse(draft);
  return parsed.success ? parsed.data : undefined;
}
