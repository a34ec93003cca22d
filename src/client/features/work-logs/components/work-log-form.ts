import { z } from 'zod';
import {
  formatHours,
  fromTwentyFourHour,
  logAmounts,
  parseMoney,
  type RoundTime,
  shiftEndsNextDay,
  shiftMinutes,
  type TwelveHourTime,
  toTwentyFourHour,
} from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { dateField, type WorkLog } from '../../../../shared/schemas/work-logs.ts';

const twelveHourSchema = z.object({
  hour: z.string(),
  minute: z.string(),
  period: z.enum(['AM', 'PM']),
});

export type WorkLogFormValues = {
  /** '' until an employer is chosen (SPEC.md §5: employerId 0). */
  employerId: string;
  date: string;
  start: TwelveHourTime;
  end: TwelveHourTime;
  /** Digits only. */
  breakDuration: string;
  /** '' for none. */
  department: string;
};

/** What the dialog sends: the create body; an edit sends the same fields as a PATCH. */
export type WorkLogFormOutput = {
  employerId: number;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  department: string | null;
};

export const HOUR_REQUIRED = 'Enter an hour from 1 to 12';

/** 'HH:MM' from the form's hh:mm + AM/PM, or null while the hour is still empty. */
export function toClock(time: TwelveHourTime): string | null {
  return time.hour === '' ? null : toTwentyFourHour(time);
}

const shiftFieldToFormField = {
  startTime: 'start',
  endTime: 'end',
  breakDuration: 'breakDuration',
} as const;

export const workLogFormSchema = z
  .object({
    employerId: z.string().min(1, 'Please select an employer'),
    date: dateField,
    start: twelveHourSchema,
    end: twelveHourSchema,
    breakDuration: z.string(),
    department: z.string(),
  })
  .superRefine((values, ctx) => {
    const startTime = toClock(values.start);
    const endTime = toClock(values.end);
    if (!startTime) ctx.addIssue({ code: 'custom', path: ['start'], message: HOUR_REQUIRED });
    if (!endTime) ctx.addIssue({ code: 'custom', path: ['end'], message: HOUR_REQUIRED });
    if (!startTime || !endTime) return;
    const shift = shiftMinutes({
      startTime,
      endTime,
      breakDuration: Number(values.breakDuration || '0'),
    });
    if (!shift.ok) {
      ctx.addIssue({
        code: 'custom',
        path: [shiftFieldToFormField[shift.field]],
        message: shift.message,
      });
    }
  })
  .transform(
    (values): WorkLogFormOutput => ({
      employerId: Number(values.employerId),
      date: values.date,
      startTime: toTwentyFourHour(values.start),
      endTime: toTwentyFourHour(values.end),
      breakDuration: Number(values.breakDuration || '0'),
      department: values.department || null,
    }),
  );

const nineAm: TwelveHourTime = { hour: '09', minute: '00', period: 'AM' };
const fivePm: TwelveHourTime = { hour: '05', minute: '00', period: 'PM' };

/** SPEC.md §5 defaults (today, 09:00 AM to 05:00 PM, break 0), or the log being edited. */
export function formDefaults(today: string, workLog?: WorkLog | null): WorkLogFormValues {
  if (!workLog) {
    return {
      employerId: '',
      date: today,
      start: nineAm,
      end: fivePm,
      breakDuration: '0',
      department: '',
    };
  }
  return {
    employerId: String(workLog.employerId),
    date: workLog.date,
    start: fromTwentyFourHour(workLog.startTime.slice(0, 5)) ?? nineAm,
    end: fromTwentyFourHour(workLog.endTime.slice(0, 5)) ?? fivePm,
    breakDuration: String(workLog.breakDuration),
    department: workLog.department ?? '',
  };
}

export type ShiftPreview =
  | { ok: true; hours: string; earningsCents: number | null; endsNextDay: boolean }
  | { ok: false; message: string }
  | null;

/**
 * The live hours and earnings of the shift being typed, computed like the server does: the
 * user's rounding, then tenths, then tenths × rate. The rate is the log's own when editing
 * under the same employer, else the chosen employer's current rate.
 */
export function shiftPreview(
  values: Pick<WorkLogFormValues, 'start' | 'end' | 'breakDuration' | 'employerId'>,
  employer: Pick<Employer, 'hourlyRate'> | undefined,
  roundTime: RoundTime,
  editing?: Pick<WorkLog, 'employerId' | 'hourlyRateAtTime'> | null,
): ShiftPreview {
  const startTime = toClock(values.start);
  const endTime = toClock(values.end);
  if (!startTime || !endTime) return null;
  const breakDuration = Number(values.breakDuration || '0');
  const shift = shiftMinutes({ startTime, endTime, breakDuration });
  if (!shift.ok) return { ok: false, message: shift.message };
  const sameEmployer = editing && String(editing.employerId) === values.employerId;
  const rateAtTime = sameEmployer ? (parseMoney(editing.hourlyRateAtTime) ?? 0) : 0;
  const employerRate = employer ? (parseMoney(employer.hourlyRate) ?? 0) : 0;
  const amounts = logAmounts(
    { startTime, endTime, breakDuration, hourlyRateAtTime: rateAtTime, employerRate },
    roundTime,
  );
  return {
    ok: true,
    hours: formatHours(amounts.tenths),
    earningsCents: employer || sameEmployer ? amounts.earningsCents : null,
    endsNextDay: shiftEndsNextDay({ startTime, endTime }),
  };
}
