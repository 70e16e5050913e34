import { integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { users } from '../users/users.tables.js';

/** Platform §3/§5: a user's settings in their stored form ('on'/'off', '1'/'', an ordering). */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setting: varchar('setting', { length: 64 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.setting] })],
);

/** The course-level variant (`POST /api-2.0/users/me/course/{courseId}/settings/`). */
export const userCourseSettings = pgTable(
  'user_course_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    setting: varchar('setting', { length: 64 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId, table.setting] })],
);
