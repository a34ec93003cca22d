import {
  customType,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { timesheetStatuses } from '../../../shared/schemas/enums.ts';
import { exportFormats } from '../../../shared/schemas/settings.ts';
import { timestamps } from './common.ts';
import { employers } from './employers.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const timesheetStatusEnum = pgEnum('timesheet_status', timesheetStatuses);
export const exportFormatEnum = pgEnum('export_format', exportFormats);

export const timesheets = pgTable(
  'timesheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: timesheetStatusEnum('status').notNull().default('upcoming'),
    totalHours: numeric('total_hours', { precision: 10, scale: 1 }).notNull().default('0'),
    totalEarnings: numeric('total_earnings', { precision: 12, scale: 2 }).notNull().default('0'),
    format: exportFormatEnum('format'),
    /** The generated file as sent, so any instance can serve it without a shared disk. */
    document: bytea('document'),
    documentName: text('document_name'),
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
