import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/** An OAuth authorization under way, bound to the asking session for 10 minutes, taken once. */
export const gmailAuthorizations = pgTable(
  'gmail_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionSid: text('session_sid')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('gmail_authorizations_user_id_idx').on(t.userId)],
);
