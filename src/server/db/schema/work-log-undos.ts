import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './common.ts';
import { users } from './users.ts';

/**
 * Shifts just deleted, kept a few seconds so Undo can put them back exactly (decision 048): each
 * row of `work_logs` as PostgreSQL's own JSON of it, every column. The token is sent to the
 * browser once; only its SHA-256 is kept. Gone at `expires_at` (a job) or when used.
 */
export const workLogUndos = pgTable(
  'work_log_undos',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `to_jsonb(work_logs.*)` of each deleted shift. */
    logs: jsonb('logs').$type<Record<string, unknown>[]>().notNull(),
    /** The delete's transaction time: a shift saved after it is "newer" (overlap refusal). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('work_log_undos_expires_at_idx').on(t.expiresAt)],
);

/**
 * The receipts of the shifts kept in `work_log_undos` (decision 046 and 048): deleting a shift
 * deletes its receipt, and Undo puts it back, bytes and all. Kept apart from the shifts' JSON so
 * a large delete never builds one huge value; gone with their undo.
 */
export const workLogUndoReceipts = pgTable(
  'work_log_undo_receipts',
  {
    tokenHash: text('token_hash')
      .notNull()
      .references(() => workLogUndos.tokenHash, { onDelete: 'cascade' }),
    workLogId: integer('work_log_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.workLogId] }),
    index('work_log_undo_receipts_user_id_idx').on(t.userId),
  ],
);
