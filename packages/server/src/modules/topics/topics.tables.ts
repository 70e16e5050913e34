import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Platform §3 topics (id, name, url): what learning is about. Communities list theirs; badges,
 * labs and occupations will point here too. The url is the topic page, `/topic/{slug}/`.
 */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 140 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('topics_slug_key').on(table.slug)],
);

/** Topics shelved together for browsing ("Programming Languages": Python, JavaScript…). */
export const topicGroups = pgTable(
  'topic_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
  },
  (table) => [uniqueIndex('topic_groups_name_key').on(table.name)],
);

/** The topics of each group, in the group's order; a topic may sit in several groups. */
export const topicGroupTopics = pgTable(
  'topic_group_topics',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => topicGroups.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.topicId] }),
    // A topic's groups (Topic.groups) are read by topic.
    index('topic_group_topics_topic_idx').on(table.topicId),
  ],
);

/** The topics a learner said they want to learn about (topicInterests). */
export const topicInterests = pgTable(
  'topic_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topicId] })],
);
