import { z } from 'zod';
import { idField } from './common.ts';
import { createWorkLogBodySchema, workLogSchema } from './work-logs.ts';

const department = createWorkLogBodySchema.shape.department;

export const startTimerBodySchema = z.object({
  employerId: idField('Please select an employer'),
  department,
});
export type StartTimerBody = z.input<typeof startTimerBodySchema>;

export const stopTimerBodySchema = z.object({
  /** Typed when stopping: replaces the paused time as the shift's break. */
  breakMinutes: z
    .number({ error: 'Break must be a whole number of minutes' })
    .int('Break must be a whole number of minutes')
    .min(0, 'Break must be a whole number of minutes')
    .max(1439, 'Break must be shorter than the shift')
    .optional(),
  /** When the shift really ended (an instant with its offset); required after 16 hours. */
  endedAt: z.iso.datetime({ offset: true, error: 'End must be a date and time' }).optional(),
  note: createWorkLogBodySchema.shape.note,
  /** As in the work-log dialog: an overlapping shift is refused unless confirmed. */
  allowOverlap: createWorkLogBodySchema.shape.allowOverlap,
});
export type StopTimerBody = z.input<typeof stopTimerBodySchema>;

export const timerSchema = z.object({
  employerId: z.number().int(),
  employerName: z.string(),
  brandColor: z.string(),
  department: z.string().nullable(),
  /** Instants (ISO 8601, UTC). */
  startedAt: z.string(),
  /** Set while paused. */
  pausedAt: z.string().nullable(),
  /** Seconds of the pauses already ended. */
  pausedSeconds: z.number().int(),
});
export type Timer = z.infer<typeof timerSchema>;

/** GET /api/timer: the running timer, or null. */
export const timerStateSchema = z.object({ timer: timerSchema.nullable() });
export type TimerState = z.infer<typeof timerStateSchema>;

/** POST /api/timer/switch: the new timer, and the shift the old one became (null under a minute). */
export const switchTimerResultSchema = z.object({
  timer: timerSchema,
  workLog: workLogSchema.nullable(),
});
export type SwitchTimerResult = z.infer<typeof switchTimerResultSchema>;
