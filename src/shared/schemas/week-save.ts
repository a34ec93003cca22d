// POST /api/work-logs/week (decision 049). Apart from work-logs.ts, so the schemas every page
// loads stay as they were: the client only reads these types.
import { z } from 'zod';
import { idField } from './common.ts';
import { createWorkLogBodySchema, workLogFields, workLogListSchema } from './work-logs.ts';

/** The most shifts one week save creates, changes and deletes together (10 rows × 7 days, and more). */
export const MAX_WEEK_CHANGES = 200;

/** A shift typed in the week grid: the new shift's fields, with the single create's defaults. */
const weekCreateSchema = createWorkLogBodySchema.omit({ allowOverlap: true });
/** A shift of the grid whose times or break changed; everything else about it stays. */
const weekUpdateSchema = z.object({
  id: idField('Invalid work log id'),
  startTime: workLogFields.shape.startTime,
  endTime: workLogFields.shape.endTime,
  breakDuration: workLogFields.shape.breakDuration,
});

/**
 * POST /api/work-logs/week (decision 049): the week grid's changes, all saved or none. A refusal
 * names its item in `errors.item` ("create.2", "update.0", "delete.1") and starts with its date.
 */
export const weekSaveBodySchema = z
  .object({
    create: z
      .array(weekCreateSchema, { error: 'create must be a list of shifts' })
      .max(MAX_WEEK_CHANGES)
      .default([]),
    update: z
      .array(weekUpdateSchema, { error: 'update must be a list of shifts' })
      .max(MAX_WEEK_CHANGES)
      .default([]),
    delete: z
      .array(idField('Invalid work log id'), { error: 'delete must be a list of work log ids' })
      .max(MAX_WEEK_CHANGES)
      .default([]),
  })
  .refine(
    (body) => body.create.length + body.update.length + body.delete.length > 0,
    'Nothing to save',
  )
  .refine(
    (body) => body.create.length + body.update.length + body.delete.length <= MAX_WEEK_CHANGES,
    `At most ${MAX_WEEK_CHANGES} changes at once`,
  )
  .refine((body) => {
    const ids = [...body.update.map((u) => u.id), ...body.delete];
    return new Set(ids).size === ids.length;
  }, 'Each shift may be changed or deleted only once');
export type WeekSaveBody = z.input<typeof weekSaveBodySchema>;
export type WeekSave = z.output<typeof weekSaveBodySchema>;

export const weekSaveResultSchema = z.object({
  created: workLogListSchema,
  updated: workLogListSchema,
  deleted: z.array(z.number().int()),
});
export type WeekSaveResult = z.infer<typeof weekSaveResultSchema>;
