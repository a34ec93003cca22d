import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    // ADMIN_EMAILS counts only once verified (decision 028).
    emailVerified: boolean('email_verified').notNull().default(false),
    accountId: text('account_id').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    // docs/product/deviations.md#2-temporary-passwords-are-single-use
    temporaryPasswordHash: text('temporary_password_hash'),
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    temporaryPasswordAttempts: integer('temporary_password_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_account_id_unique').on(t.accountId),
  ],
);
