import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './common.ts';
import { users } from './users.ts';
import { workLogs } from './work-logs.ts';

/**
 * The receipt of a shift's expense (decision 046): at most one per shift, the bytes as uploaded
 * (a PDF, PNG, JPEG or WebP, told by its first bytes), served back as a download. Checked and
 * stored like a payment's pay stub (payment_files).
 */
export const workLogReceipts = pgTable(
  'work_log_receipts',
  {
    workLogId: integer('work_log_id').primaryKey(),
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
    index('work_log_receipts_user_id_idx').on(t.userId),
    foreignKey({
      name: 'work_log_receipts_work_log_fk',
      columns: [t.workLogId, t.userId],
      foreignColumns: [workLogs.id, workLogs.userId],
    }).onDelete('cascade'),
    check(
      'work_log_receipts_content_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`,
    ),
    check(
      'work_log_receipts_size_check',
      sql`${t.byteSize} > 0 and ${t.byteSize} = octet_length(${t.bytes})`,
    ),
  ],
);
