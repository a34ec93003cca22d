import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/**
 * A user's Notion mirror: the internal integration token (sealed, lib/seal.ts purpose
 * 'notion-token') and the database its pages go to. In API version 2025-09-03 pages belong to
 * a data source of the database; the first one is used.
 */
export const notionConnections = pgTable('notion_connections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenSealed: text('token_sealed').notNull(),
  databaseId: text('database_id').notNull(),
  dataSourceId: text('data_source_id').notNull(),
  databaseTitle: text('database_title'),
  /** The property holding each page's title (every data source has exactly one). */
  titleProperty: text('title_property').notNull(),
  /** notionConnectionStates: 'ok', 'unauthorized', 'not_found', 'missing_<capability>' */
  state: text('state').notNull().default('ok'),
  ...timestamps,
});
