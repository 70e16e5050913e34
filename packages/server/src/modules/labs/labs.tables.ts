import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instructors } from '../catalog/catalog.tables.js';
import { topics } from '../topics/topics.tables.js';

/** PostgreSQL's full-text document; only the database writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Platform §3 labs: hands-on environments with tasks to carry out. The title (weight A) and
 * description (B) are searched through a document the database keeps.
 */
export const labs = pgTable(
  'labs',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    learningOutcomes: text('learning_outcomes').array().notNull().default([]),
    prerequisites: text('prerequisites').array().notNull().default([]),
    minEstimatedMinutes: integer('min_estimated_minutes').notNull(),
    maxEstimatedMinutes: integer('max_estimated_minutes').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')`,
      ),
  },
  (table) => [
    index('labs_search_document_idx').using('gin', table.searchDocument),
    check(
      'labs_estimated_minutes',
      sql`${table.minEstimatedMinutes} > 0 and ${table.maxEstimatedMinutes} >= ${table.minEstimatedMinutes}`,
    ),
  ],
);

/** A lab's tasks (its activities of type LAB_TASK), in order. */
export const labTasks = pgTable(
  'lab_tasks',
  {
    id: serial('id').primaryKey(),
    labId: integer('lab_id')
      .notNull()
      .references(() => labs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
  },
  (table) => [uniqueIndex('lab_tasks_position_key').on(table.labId, table.position)],
);

export const labInstructors = pgTable(
  'lab_instructors',
  {
    labId: integer('lab_id')
      .notNull()
      .references(() => labs.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructors.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.labId, table.instructorId] })],
);

export const labTopics = pgTable(
  'lab_topics',
  {
    labId: integer('lab_id')
      .notNull()
      .references(() => labs.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.labId, table.topicId] }),
    // searchLabs filters by topic.
    index('lab_topics_topic_idx').on(table.topicId),
  ],
);
