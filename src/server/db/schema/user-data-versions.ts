import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Raised by triggers on every change of the user's data (migrations/0008): the ETag of lists. */
export const userDataVersions = pgTable('user_data_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
