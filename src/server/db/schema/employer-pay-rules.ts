import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OvertimeRule } from '../../../shared/domain/overtime.ts';
import type { PremiumRule } from '../../../shared/domain/premiums.ts';
import { ruleChangeFields, ruleChangeScopes } from '../../../shared/schemas/enums.ts';
import {
  employers,
  payPrecisionEnum,
  roundingDirectionEnum,
  roundingStepEnum,
  taxCalculationType,
} from './employers.ts';
import { users } from './users.ts';

export const ruleChangeScopeEnum = pgEnum('rule_change_scope', ruleChangeScopes);
export const ruleChangeFieldEnum = pgEnum('rule_change_field', ruleChangeFields);

/**
 * An employer's rate, rounding and tax rules from a date on (decision 036): a shift is paid by the
 * version in effect on its date. Every employer has one from the beginning (`effective_from`
 * null).
 */
export const employerPayRules = pgTable(
  'employer_pay_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
    roundingStep: roundingStepEnum('rounding_step').notNull(),
    roundingDirection: roundingDirectionEnum('rounding_direction').notNull(),
    payPrecision: payPrecisionEnum('pay_precision').notNull(),
    // Tax has dates too: a shift's gross is taxed by the method and rate of its date.
    taxMethod: taxCalculationType('tax_method').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    // Overtime and premiums have dates too (decision 039).
    overtime: jsonb('overtime').$type<OvertimeRule>().notNull(),
    premiums: jsonb('premiums').$type<PremiumRule[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'employer_pay_rules_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    // One version per date, and one from the beginning: a partial index rather than NULLS NOT
    // DISTINCT, which needs PostgreSQL 15 (docs/product/data.md takes 13 and newer).
    unique('employer_pay_rules_employer_date_unique').on(t.employerId, t.effectiveFrom),
    uniqueIndex('employer_pay_rules_beginning_unique')
      .on(t.employerId)
      .where(sql`${t.effectiveFrom} is null`),
    index('employer_pay_rules_user_id_idx').on(t.userId),
  ],
);

/** Who changed which rule of an employer, when, from what to what, and for which shifts. */
export const employerRuleChanges = pgTable(
  'employer_rule_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    field: ruleChangeFieldEnum('field').notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    applies: ruleChangeScopeEnum('applies').notNull(),
    appliesFrom: date('applies_from', { mode: 'string' }),
  },
  (t) => [
    foreignKey({
      name: 'employer_rule_changes_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    index('employer_rule_changes_employer_id_idx').on(t.employerId, t.changedAt),
    index('employer_rule_changes_user_id_idx').on(t.userId),
  ],
);

/**
 * An employer's holiday dates for holiday premiums: the public holidays of its country and region
 * for the years it has shifts (`library`), and dates added by hand (`added`); a library date the
 * user took off stays, `removed`, so a refill does not bring it back. Pay reads this table, so a
 * new edition of the holiday library never changes pay already worked out.
 */
export const employerHolidays = pgTable(
  'employer_holidays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    source: text('source', { enum: ['library', 'added'] }).notNull(),
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'employer_holidays_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    unique('employer_holidays_employer_date_unique').on(t.employerId, t.date),
    index('employer_holidays_user_id_idx').on(t.userId),
    check('employer_holidays_source_check', sql`${t.source} in ('library', 'added')`),
  ],
);
