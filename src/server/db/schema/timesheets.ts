import {
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timesheetStatuses } from '../../../shared/schemas/enums.ts';
import {
  DEFAULT_CURRENCY,
  exportFormats,
  taxCalculations,
} from '../../../shared/schemas/settings.ts';
import { timestamps } from './common.ts';
import {
  employers,
  payPrecisionEnum,
  roundingDirectionEnum,
  roundingStepEnum,
} from './employers.ts';
import { users } from './users.ts';

export const timesheetStatusEnum = pgEnum('timesheet_status', timesheetStatuses);
export const exportFormatEnum = pgEnum('export_format', exportFormats);
// Declared again, not imported: settings.ts imports this file, and the cycle would leave an enum undefined.
const taxCalculationType = pgEnum('tax_calculation', taxCalculations);

/** A snapshot: later edits change nothing in the history (docs/product/money.md#snapshots). */
export const timesheets = pgTable(
  'timesheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    employerName: text('employer_name').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: timesheetStatusEnum('status').notNull().default('upcoming'),
    totalHours: numeric('total_hours', { precision: 10, scale: 1 }).notNull().default('0'),
    totalEarnings: numeric('total_earnings', { precision: 12, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull().default('0'),
    totalDue: numeric('total_due', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Expenses paid back (decision 042), never taxed: in total_due, beside the gross and tax. */
    expenses: numeric('expenses', { precision: 12, scale: 2 }).notNull().default('0'),
    taxCalculation: taxCalculationType('tax_calculation').notNull().default('add'),
    // The employer's rules the rows were paid under (decision 035); a timesheet made before them
    // has its user's rounding then, to the nearest, billed in tenths.
    roundingStep: roundingStepEnum('rounding_step').notNull().default('none'),
    roundingDirection: roundingDirectionEnum('rounding_direction').notNull().default('nearest'),
    payPrecision: payPrecisionEnum('pay_precision').notNull().default('minutes'),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    shifts: integer('shifts').notNull().default(0),
    format: exportFormatEnum('format'),
    documentName: text('document_name'),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** What the document says, but the day it was made: a twin generation refreshes this row. */
    contentHash: text('content_hash'),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'timesheets_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    index('timesheets_user_id_idx').on(t.userId, t.startDate),
    index('timesheets_employer_id_idx').on(t.employerId),
  ],
);
