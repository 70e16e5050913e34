import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { topics } from '../topics/topics.tables.js';
import { users } from '../users/users.tables.js';

/**
 * Learning paths: courses in an order that leads somewhere (platform §2 `learning-paths/{id}`).
 * Pro paths are the marketplace's own curated ones (proLearningPathsByTopic).
 */
export const learningPaths = pgTable(
  'learning_paths',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** The topic the path is shelved under; null for a path about many. */
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    isPro: boolean('is_pro').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('learning_paths_topic_idx').on(table.topicId)],
);

/** The courses of a path, in order. */
export const learningPathItems = pgTable(
  'learning_path_items',
  {
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.pathId, table.position] }),
    index('learning_path_items_course_idx').on(table.courseId),
  ],
);

/** Learners who enrolled in a path (numberOfEnrollments; a badge's path enrollments). */
export const learningPathEnrollments = pgTable(
  'learning_path_enrollments',
  {
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pathId, table.userId] }),
    index('learning_path_enrollments_user_idx').on(table.userId),
  ],
);
