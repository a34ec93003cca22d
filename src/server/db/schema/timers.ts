import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { employers } from './employers.ts';
import { users } from './users.ts';

/**
 * A running timer (decision 044): its own state, not a shift without an end. At most one per user;
 * stopping it saves a shift through the work-log save and deletes the row.
 */
export const timers = pgTable(
  'timers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique('timers_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    department: text('department'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set while paused: the pause began then. */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    /** Seconds of the pauses already ended: with the running one, the shift's break. */
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'timers_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    check('timers_paused_seconds_check', sql`${t.pausedSeconds} >= 0`),
    check('timers_paused_at_check', sql`${t.pausedAt} is null or ${t.pausedAt} >= ${t.startedAt}`),
  ],
);
