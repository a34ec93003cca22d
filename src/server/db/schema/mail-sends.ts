import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './common.ts';
import { timesheets } from './timesheets.ts';
import { users } from './users.ts';

/** The body is sealed (it may hold a temporary password); body and upload are cleared once sent. */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'timesheet' | 'upload' | 'temporary-password' */
    kind: text('kind').notNull(),
    timesheetId: integer('timesheet_id').references(() => timesheets.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodySealed: text('body_sealed'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    /** An uploaded file's bytes (a timesheet's are read from timesheet_documents). */
    attachment: bytea('attachment'),
    /** 'queued' | 'sent' | 'failed' */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    messageId: text('message_id').notNull(),
    /** A temporary-password notice is not sent after the password stops working. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('mail_sends_user_id_idx').on(t.userId, t.id)],
);
