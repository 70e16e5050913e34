import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { ConsentValues } from '@lectern/domain';
import { users } from '../users/users.tables.js';

/** Platform §4/§6: a signed-in user's last cookie choice, restored on their next visit. */
export const userCookiePreferences = pgTable('user_cookie_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Every category with 'true' or 'false', as validated by the domain. */
  preferences: jsonb('preferences').$type<ConsentValues>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
