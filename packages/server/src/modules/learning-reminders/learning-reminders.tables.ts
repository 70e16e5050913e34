import type { CalendarType, LearningProductType, ReminderMethod } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

// The domain's enumerations, written out: drizzle-kit reads this file without the workspace's
// source build of the domain.
export const learningProductType = pgEnum('learning_product_type', [
  'ASSESSMENT',
  'COURSE',
  'LAB',
  'LEARNING_PATH',
] as const satisfies readonly LearningProductType[]);
export const calendarType = pgEnum('calendar_type', [
  'APPLE',
  'GOOGLE',
  'OTHER',
  'OUTLOOK',
] as const satisfies readonly CalendarType[]);
export const reminderMethod = pgEnum('reminder_method', [
  'EMAIL',
  'PUSH',
] as const satisfies readonly ReminderMethod[]);

/**
 * Platform §3 learning reminders: when a learner means to learn, and how to remind them. Each
 * is its owner's alone. `end_at` is when a repeating reminder stops; the product, when given,
 * is a (type, id) pair whose table depends on the type.
 */
export const learningReminders = pgTable(
  'learning_reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    productType: learningProductType('product_type'),
    productId: integer('product_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull(),
    calendarType: calendarType('calendar_type').notNull(),
    /** A checked RFC 5545 RRULE value (no `RRULE:`); null for a one-off. */
    recurrenceRule: varchar('recurrence_rule', { length: 500 }),
    reminderMethod: reminderMethod('reminder_method').notNull(),
    minutesBefore: integer('minutes_before').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The learner's list, in start order, a page at a time.
    index('learning_reminders_user_start_idx').on(table.userId, table.startAt, table.id),
    check(
      'learning_reminders_product_pair',
      sql`(${table.productType} is null) = (${table.productId} is null)`,
    ),
  ],
);
