import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OvertimeRule } from '../../../shared/domain/overtime.ts';
import { timestamps } from './common.ts';
import { employers, NO_OVERTIME_SQL } from './employers.ts';
import { users } from './users.ts';

/**
 * Employers the user counts as one for overtime (several sites of one hospital system, decision
 * 040): their hours add up toward the group's own overtime rules; each member keeps its rates,
 * premiums, holidays and tax.
 */
export const employerGroups = pgTable(
  'employer_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    overtime: jsonb('overtime').$type<OvertimeRule>().notNull().default(NO_OVERTIME_SQL),
    ...timestamps,
  },
  (t) => [
    unique('employer_groups_id_user_id_unique').on(t.id, t.userId),
    uniqueIndex('employer_groups_user_id_name_unique').on(t.userId, sql`hourbook_lower(${t.name})`),
  ],
);

/** An employer is in at most one group. */
export const employerGroupMembers = pgTable(
  'employer_group_members',
  {
    groupId: integer('group_id').notNull(),
    employerId: integer('employer_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('employer_group_members_employer_unique').on(t.employerId),
    index('employer_group_members_group_idx').on(t.groupId),
    index('employer_group_members_user_id_idx').on(t.userId),
    foreignKey({
      name: 'employer_group_members_group_fk',
      columns: [t.groupId, t.userId],
      foreignColumns: [employerGroups.id, employerGroups.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'employer_group_members_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
  ],
);
