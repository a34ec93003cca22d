import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './common.ts';
import { timesheets } from './timesheets.ts';
import { users } from './users.ts';

/** In the database so any instance serves it (docs/product/data.md#rules); apart so lists skip it. */
export const timesheetDocuments = pgTable(
  'timesheet_documents',
  {
    timesheetId: integer('timesheet_id')
      .primaryKey()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timesheet_documents_user_id_idx').on(t.userId)],
);
