import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/** Tokens are sealed under APP_SECRET. */
export const gmailTokens = pgTable('gmail_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique('gmail_tokens_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  userEmail: text('user_email'),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  scope: text('scope'),
  tokenType: text('token_type').notNull().default('Bearer'),
  expiryDate: timestamp('expiry_date', { withTimezone: true }),
  needsReauth: boolean('needs_reauth').notNull().default(false),
  ...timestamps,
});
