import { boolean, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import {
  csvFormats,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  roundTimeOptions,
  taxCalculations,
  themes,
  timeFormats,
} from '../../../shared/schemas/settings.ts';
import { timestamps } from './common.ts';
import { exportFormatEnum } from './timesheets.ts';
import { users } from './users.ts';

export const roundTimeEnum = pgEnum('round_time', roundTimeOptions);
export const taxCalculationEnum = pgEnum('tax_calculation', taxCalculations);
export const timeFormatEnum = pgEnum('time_format', timeFormats);
export const csvFormatEnum = pgEnum('csv_format', csvFormats);
export const themeEnum = pgEnum('theme', themes);

export const settings = pgTable('settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique('settings_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultExportFormat: exportFormatEnum('default_export_format').notNull().default('pdf'),
  roundTime: roundTimeEnum('round_time').notNull().default('none'),
  taxCalculation: taxCalculationEnum('tax_calculation').notNull().default('add'),
  // docs/product/deviations.md#5-the-12-hour-clock-is-the-stored-default
  timeFormat: timeFormatEnum('time_format').notNull().default('12-hour'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  currency: text('currency').notNull().default(DEFAULT_CURRENCY),
  includeSummary: boolean('include_summary').notNull().default(true),
  csvFormat: csvFormatEnum('csv_format').notNull().default('comma'),
  theme: themeEnum('theme').notNull().default('light'),
  /** Days after a payday before an unpaid period counts as overdue (decision 041). */
  paymentGraceDays: integer('payment_grace_days').notNull().default(3),
  /** E-mail reminders, off until the user turns them on: a timesheet due tomorrow, a payday gone by unpaid. */
  remindTimesheetDue: boolean('remind_timesheet_due').notNull().default(false),
  remindPaydayMissed: boolean('remind_payday_missed').notNull().default(false),
  /** AES-256-GCM under APP_SECRET. */
  notionTokenEncrypted: text('notion_token_encrypted'),
  notionDatabaseId: text('notion_database_id'),
  ...timestamps,
});
