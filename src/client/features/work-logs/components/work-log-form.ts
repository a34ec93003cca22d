import { z } from 'zod';
import { elapsedMinutes } from '../../../../shared/domain/elapsed.ts';
import {
  formatHours,
  isValidDate,
  parseMoney,
  shiftEndsNextDay,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import { versionOn } from '../../../../shared/domain/pay-rule-versions.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import {
  createWorkLogBodySchema,
  dateField,
  type WorkLog,
} from '../../../../shared/schemas/work-logs.ts';
import { checkShift, NO_RULES, type ShiftRules } from './real-shift';

type EmployerRules = Pick<Employer, 'hourlyRate'> &
  Partial<ShiftRules> &
  Partial<Pick<Employer, 'payRules'>>;

/**
 * The employer's rate and per-shift rules on the shift's date: the version of its rules in
 * effect then (decision 036), else its current ones; none chosen yet: no rounding, no rate.
 */
function rulesOn(
  employer: EmployerRules | undefined,
  date: string,
): { rules: ShiftRules; rateCents: number } {
  const versions = (employer?.payRules ?? []).map((version) => ({
    ...version,
    rateCents: parseMoney(version.hourlyRate) ?? 0,
  }));
  if (versions.length > 0) {
    const { rateCents, roundingStep, roundingDirection, payPrecision } = versionOn(date, versions);
    return { rules: { roundingStep, roundingDirection, payPrecision }, rateCents };
  }
  return {
    rules: {
      roundingStep: employer?.roundingStep ?? NO_RULES.roundingStep,
      roundingDirection: employer?.roundingDirection ?? NO_RULES.roundingDirection,
      payPrecision: employer?.payPrecision ?? NO_RULES.payPrecision,
    },
    rateCents: employer ? (parseMoney(employer.hourlyRate) ?? 0) : 0,
  };
}

import { BREAK_NOT_WHOLE, readBreak, readTime, type TypedTime, timeFields } from './time-reading';

const twelveHourSchema = z.object({
  hour: z.string(),
  minute: z.string(),
  period: z.enum(['AM', 'PM']),
});

export type WorkLogFormValues = {
  /** '' until an employer is chosen (docs/product/screens.md#form-rules: employerId 0). */
  employerId: string;
  date: string;
  start: TypedTime;
  end: TypedTime;
  /** As typed: anything but whole minutes is refused with a message, never changed. */
  breakDuration: string;
  department: string;
  note: string;
  /** The employer's by-hand premiums ticked for this shift. */
  manualPremiumIds: string[];
} & TipsAndExpenses;

/** Tips and expenses as typed (decision 042): '' is none. */
export type TipsAndExpenses = {
  tipsCash: string;
  tipsCard: string;
  distance: string;
  expenseAmount: string;
  expenseNote: string;
};

/** The create body; an edit sends the same fields as a PATCH. */
export type WorkLogFormOutput = {
  employerId: number;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  department: string | null;
  note: string | null;
  manualPremiumIds: string[];
  tipsCash: string;
  tipsCard: string;
  distance: string | null;
  expenseAmount: string;
  expenseNote: string | null;
};

export function toClock(time: TypedTime, format: TimeFormat): string | null {
  const reading = readTime(time, format);
  return reading.ok ? reading.clock : null;
}

/** The server's own rule and message for the note: trimmed, at most MAX_NOTE_LENGTH. */
function checkedNote(text: string, ctx: z.RefinementCtx): string | null {
  const result = createWorkLogBodySchema.shape.note.safeParse(text);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
}

/** A field checked by the server's own rule and message (createWorkLogBodySchema). */
const checkedBy =
  <K extends 'tipsCash' | 'tipsCard' | 'distance' | 'expenseAmount' | 'expenseNote'>(key: K) =>
  (text: string, ctx: z.RefinementCtx) => {
    const result = createWorkLogBodySchema.shape[key].safeParse(text);
    if (result.success) return result.data as z.output<(typeof createWorkLogBodySchema.shape)[K]>;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message });
    }
    return z.NEVER;
  };

const shiftFieldToFormField = {
  startTime: 'start',
  endTime: 'end',
  breakDuration: 'breakDuration',
} as const;

/** Whether the clocks skip this time on the shift's day in the zone (a spring-forward night). */
export function clocksSkip(
  values: Pick<WorkLogFormValues, 'date' | 'start' | 'end'>,
  which: 'start' | 'end',
  format: TimeFormat,
  timeZone: string,
): boolean {
  const start = readTime(values.start, format);
  const end = readTime(values.end, format);
  if (!start.ok || !end.ok || !isValidDate(values.date)) return false;
  const elapsed = elapsedMinutes({
    date: values.date,
    startTime: start.clock,
    endTime: end.clock,
    timeZone,
  });
  return !elapsed.ok && elapsed.field === (which === 'start' ? 'startTime' : 'endTime');
}

export const workLogFormSchema = (format: TimeFormat, timeZone: string) =>
  z
    .object({
      employerId: z.string().min(1, 'Please select an employer'),
      date: dateField,
      start: twelveHourSchema,
      end: twelveHourSchema,
      breakDuration: z.string().refine((text) => readBreak(text) !== null, BREAK_NOT_WHOLE),
      department: z.string(),
      note: z.string().transform(checkedNote),
      manualPremiumIds: z.array(z.string()),
      tipsCash: z.string().transform(checkedBy('tipsCash')),
      tipsCard: z.string().transform(checkedBy('tipsCard')),
      distance: z.string().transform(checkedBy('distance')),
      expenseAmount: z.string().transform(checkedBy('expenseAmount')),
      expenseNote: z.string().transform(checkedBy('expenseNote')),
    })
    .superRefine(
      (values, ctx) => {
        const start = readTime(values.start, format);
        const end = readTime(values.end, format);
        if (!start.ok) ctx.addIssue({ code: 'custom', path: ['start'], message: start.message });
        if (!end.ok) ctx.addIssue({ code: 'custom', path: ['end'], message: end.message });
        if ((parseMoney(values.expenseAmount) ?? 0) > 0 && !values.expenseNote) {
          ctx.addIssue({
            code: 'custom',
            path: ['expenseNote'],
            message: 'Say what the expense was for',
          });
        }
        const breakDuration = readBreak(values.breakDuration);
        if (!start.ok || !end.ok || breakDuration === null || !isValidDate(values.date)) return;
        const shift = checkShift(
          { date: values.date, startTime: start.clock, endTime: end.clock, breakDuration },
          timeZone,
        );
        if (!shift.ok) {
          ctx.addIssue({
            code: 'custom',
            path: [shiftFieldToFormField[shift.field]],
            message: shift.message,
          });
        }
      },
      // Also when another field has a problem, so every message shows at once.
      { when: () => true },
    )
    .transform(
      (values): WorkLogFormOutput => ({
        employerId: Number(values.employerId),
        date: values.date,
        startTime: toClock(values.start, format) ?? '',
        endTime: toClock(values.end, format) ?? '',
        breakDuration: readBreak(values.breakDuration) ?? 0,
        department: values.department || null,
        note: values.note ?? null,
        manualPremiumIds: values.manualPremiumIds,
        tipsCash: values.tipsCash,
        tipsCard: values.tipsCard,
        distance: values.distance,
        expenseAmount: values.expenseAmount,
        expenseNote: values.expenseNote,
      }),
    );

export function formDefaults(
  today: string,
  workLog: WorkLog | null | undefined,
  format: TimeFormat,
  usual?: {
    employerId: number;
    startTime?: string;
    endTime?: string;
    breakDuration?: number;
  } | null,
): WorkLogFormValues {
  const fields = (clock: string, fallback: string) =>
    timeFields(clock, format) ?? (timeFields(fallback, format) as TypedTime);
  if (!workLog) {
    return {
      employerId: usual ? String(usual.employerId) : '',
      date: today,
      start: fields(usual?.startTime ?? '09:00', '09:00'),
      end: fields(usual?.endTime ?? '17:00', '17:00'),
      breakDuration: String(usual?.breakDuration ?? 0),
      department: '',
      note: '',
      manualPremiumIds: [],
      ...NO_TIPS_OR_EXPENSES,
    };
  }
  return {
    employerId: String(workLog.employerId),
    date: workLog.date,
    start: fields(workLog.startTime.slice(0, 5), '09:00'),
    end: fields(workLog.endTime.slice(0, 5), '17:00'),
    breakDuration: String(workLog.breakDuration),
    department: workLog.department ?? '',
    note: workLog.note ?? '',
    manualPremiumIds: [...(workLog.manualPremiumIds ?? [])],
    tipsCash: zeroAsEmpty(workLog.tipsCash),
    tipsCard: zeroAsEmpty(workLog.tipsCard),
    distance: workLog.distance ?? '',
    expenseAmount: zeroAsEmpty(workLog.expenseAmount),
    expenseNote: workLog.expenseNote ?? '',
  };
}

export const NO_TIPS_OR_EXPENSES: TipsAndExpenses = {
  tipsCash: '',
  tipsCard: '',
  distance: '',
  expenseAmount: '',
  expenseNote: '',
};

const zeroAsEmpty = (money: string | undefined) =>
  money === undefined || (parseMoney(money) ?? 0) === 0 ? '' : money;

export type ShiftPreview =
  | { ok: true; hours: string; earningsCents: number | null; endsNextDay: boolean }
  | { ok: false; message: string }
  | null;

/**
 * Computed like the server: real time in the user's zone, then the employer's rounding and
 * precision of the shift's date, the rate being the log's own when editing under the same
 * employer, else the employer's rate of that date.
 */
export function shiftPreview(
  values: Pick<WorkLogFormValues, 'date' | 'start' | 'end' | 'breakDuration' | 'employerId'>,
  employer: EmployerRules | undefined,
  editing: Pick<WorkLog, 'employerId' | 'hourlyRateAtTime'> | null | undefined,
  format: TimeFormat,
  timeZone: string,
): ShiftPreview {
  if (values.start.hour.trim() === '' || values.end.hour.trim() === '') return null;
  if (!isValidDate(values.date)) return null;
  const start = readTime(values.start, format);
  if (!start.ok) return { ok: false, message: start.message };
  const end = readTime(values.end, format);
  if (!end.ok) return { ok: false, message: end.message };
  const breakDuration = readBreak(values.breakDuration);
  if (breakDuration === null) return { ok: false, message: BREAK_NOT_WHOLE };
  const [startTime, endTime] = [start.clock, end.clock];
  const sameEmployer = editing && String(editing.employerId) === values.employerId;
  const { rules, rateCents } = rulesOn(employer, values.date);
  const shift = checkShift({ date: values.date, startTime, endTime, breakDuration }, timeZone, {
    rules,
    ownRateCents: sameEmployer ? (parseMoney(editing.hourlyRateAtTime) ?? 0) : 0,
    employerRateCents: rateCents,
  });
  if (!shift.ok) return { ok: false, message: shift.message };
  return {
    ok: true,
    hours: formatHours(shift.tenths),
    earningsCents: employer || sameEmployer ? shift.payCents : null,
    endsNextDay: shiftEndsNextDay({ startTime, endTime }),
  };
}
