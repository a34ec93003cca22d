import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A counter per user that every change to their employers, work logs, settings or timesheets
 * raises, by triggers in the same transaction (migrations/0008). Lists and stats are tagged with
 * it (ETag), so asking again answers 304, or the kept answer, without building anything.
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
