import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentMethods } from '../../../shared/schemas/enums.ts';
import { bytea, timestamps } from './common.ts';
import { employers } from './employers.ts';
import { users } from './users.ts';

export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);

/**
 * Money an employer paid the user (decision 041): what, when, how, and the user's reference and
 * note. Which pay periods it pays is `payment_allocations`.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    /** Exact money: read back as a string. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: paymentMethodEnum('method').notNull().default('bank'),
    reference: text('reference'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    unique('payments_id_user_id_unique').on(t.id, t.userId),
    index('payments_user_id_idx').on(t.userId),
    foreignKey({
      name: 'payments_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The part of a payment that pays one pay period of its employer (its first and last day). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    unique('payment_allocations_period_unique').on(t.paymentId, t.periodStart),
    index('payment_allocations_user_id_idx').on(t.userId),
    foreignKey({
      name: 'payment_allocations_payment_fk',
      columns: [t.paymentId, t.userId],
      foreignColumns: [payments.id, payments.userId],
    }).onDelete('cascade'),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
    check('payment_allocations_period_check', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

/**
 * A pay period the user closed (decision 041): its shifts are locked until it is reopened; a
 * reopening keeps when and why, so the period's history shows every close and reopen.
 */
export const payPeriodClosures = pgTable(
  'pay_period_closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true, mode: 'date' }),
    reopenReason: text('reopen_reason'),
  },
  (t) => [
    index('pay_period_closures_user_id_idx').on(t.userId),
    index('pay_period_closures_employer_idx').on(t.employerId, t.periodStart),
    // One closure in force per period.
    uniqueIndex('pay_period_closures_open_unique')
      .on(t.employerId, t.periodStart)
      .where(sql`${t.reopenedAt} is null`),
    foreignKey({
      name: 'pay_period_closures_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    check('pay_period_closures_period_check', sql`${t.periodStart} <= ${t.periodEnd}`),
    check(
      'pay_period_closures_reason_check',
      sql`(${t.reopenedAt} is null) = (${t.reopenReason} is null)`,
    ),
  ],
);

/** Each reminder mailed, once per kind, employer and period: none is sent twice. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    kind: text('kind', { enum: ['timesheet_due', 'payday_missed'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('reminders_sent_once').on(t.userId, t.kind, t.employerId, t.periodStart),
    foreignKey({
      name: 'reminders_sent_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    check('reminders_sent_kind_check', sql`${t.kind} in ('timesheet_due', 'payday_missed')`),
  ],
);

/**
 * A pay stub or invoice attached to a payment (decision 043): at most one per payment, the bytes
 * as uploaded (a PDF, PNG, JPEG or WebP, told by its first bytes), served back as a download.
 */
export const paymentFiles = pgTable(
  'payment_files',
  {
    paymentId: integer('payment_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    /** As the user's device named it, made safe to show and to send back (no path, no controls). */
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Short hash of the bytes: tells two uploads apart without reading them. */
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_files_user_id_idx').on(t.userId),
    foreignKey({
      name: 'payment_files_payment_fk',
      columns: [t.paymentId, t.userId],
      foreignColumns: [payments.id, payments.userId],
    }).onDelete('cascade'),
    check(
      'payment_files_content_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`,
    ),
    check(
      'payment_files_size_check',
      sql`${t.byteSize} > 0 and ${t.byteSize} = octet_length(${t.bytes})`,
    ),
  ],
);
