import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './common.ts';
import { users } from './users.ts';

/** Apart from `users`, so the row every signed-in request reads stays small. */
export const profileImages = pgTable('profile_images', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: text('content_type').notNull(),
  /** Short hash of the bytes: the URL's version, so the picture can be cached for good. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
