import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie's id: the id itself is never stored. */
    sid: text('sid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull().default({}),
    /** Idle expiry: pushed forward while the session is used. */
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    absoluteExpire: timestamp('absolute_expire', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
);
