import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Minutes of lectures each learner watched per calendar day, in their time zone at the time:
 * what weekly streaks are counted from (platform §3). One row per learner and day, added to
 * as lectures are consumed, so a streak reads at most one row per day however much was watched.
 */
export const lectureConsumptionDays = pgTable(
  'lecture_consumption_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('lecture_consumption_days_minutes', sql`${table.minutes} >= 0`),
  ],
);
