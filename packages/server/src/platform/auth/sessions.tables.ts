import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. `user_id` is not a foreign key on purpose: platform code
 * knows no feature tables; deleting a user deletes their sessions through the auth service.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);
