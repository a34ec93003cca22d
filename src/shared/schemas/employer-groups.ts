import { z } from 'zod';
import { noOvertime } from '../domain/overtime.ts';
import { idField } from './common.ts';
import { overtimeViewSchema } from './employers.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { overtimeRuleSchema } from './pay-extras.ts';

/**
 * Employers counted as one for overtime (several sites of one hospital system, decision 040):
 * their hours add up toward the group's overtime thresholds.
 */
export const GROUP_MESSAGES = {
  name: 'Group name is required',
  nameLength: 'Group name must be at most 100 characters',
  nameLine: 'Group name must be on one line',
  members: 'Choose at least two employers to count together',
  tooMany: 'A group can have at most 50 employers',
  once: 'Each employer can be chosen only once',
  nameTaken: 'You already have a group with this name',
  notFound: 'Group not found',
  employerNotFound: 'Employer not found',
} as const;

export const MAX_GROUP_MEMBERS = 50;

const groupFields = z.object({
  name: z
    .string({ error: GROUP_MESSAGES.name })
    .trim()
    .min(1, GROUP_MESSAGES.name)
    .max(100, GROUP_MESSAGES.nameLength)
    .refine(hasNoLineBreak, GROUP_MESSAGES.nameLine),
  /** The group's own overtime rules: while in it, a member's own overtime rules rest. */
  overtime: overtimeRuleSchema,
  employerIds: z
    .array(idField('Invalid employer id'), { error: GROUP_MESSAGES.members })
    .min(2, GROUP_MESSAGES.members)
    .max(MAX_GROUP_MEMBERS, GROUP_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, GROUP_MESSAGES.once),
});

export const createEmployerGroupBodySchema = groupFields.extend({
  overtime: groupFields.shape.overtime.default(() => ({ ...noOvertime })),
});
export type CreateEmployerGroupBody = z.input<typeof createEmployerGroupBodySchema>;
export type CreateEmployerGroup = z.output<typeof createEmployerGroupBodySchema>;

export const updateEmployerGroupBodySchema = groupFields
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateEmployerGroupBody = z.input<typeof updateEmployerGroupBodySchema>;
export type UpdateEmployerGroup = z.output<typeof updateEmployerGroupBodySchema>;

export const employerGroupIdParamsSchema = z.object({ id: idField('Invalid group id') });

export const employerGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  overtime: overtimeViewSchema,
  /** In name order. */
  employerIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployerGroup = z.infer<typeof employerGroupSchema>;

export const employerGroupListSchema = z.object({ groups: z.array(employerGroupSchema) });
export type EmployerGroupList = z.infer<typeof employerGroupListSchema>;

/** A group's save also says how many shifts were paid again, and by how much their pay moved. */
export const employerGroupSavedSchema = employerGroupSchema.extend({
  repaid: z.object({
    shifts: z.number().int(),
    beforeCents: z.number().int(),
    afterCents: z.number().int(),
  }),
});
export type EmployerGroupSaved = z.infer<typeof employerGroupSavedSchema>;
