import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/** Pages go to the database's first data source. */
export const notionConnections = pgTable('notion_connections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenSealed: text('token_sealed').notNull(),
  databaseId: text('database_id').notNull(),
  dataSourceId: text('data_source_id').notNull(),
  databaseTitle: text('database_title'),
  titleProperty: text('title_property').notNull(),
  /** notionConnectionStates: 'ok', 'unauthorized', 'not_found', 'missing_<capability>' */
  state: text('state').notNull().default('ok'),
  ...timestamps,
});
