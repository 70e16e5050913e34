import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { topics } from '../topics/topics.tables.js';
import { users } from '../users/users.tables.js';

/** Platform §3 occupation groups: families of occupations ("Software Development"). */
export const occupationGroups = pgTable(
  'occupation_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
  },
  (table) => [uniqueIndex('occupation_groups_name_key').on(table.name)],
);

/**
 * Platform §3 occupations (id, name, urlLandingPage, representativeTopic): the canonical jobs
 * learners say they hold or want. The landing page is `/occupation/{slug}/`.
 */
export const occupations = pgTable(
  'occupations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    slug: varchar('slug', { length: 180 }).notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => occupationGroups.id, { onDelete: 'cascade' }),
    /** The topic that stands for the occupation's learning (a data analyst's: Data Analysis). */
    representativeTopicId: integer('representative_topic_id').references(() => topics.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('occupations_slug_key').on(table.slug),
    index('occupations_group_idx').on(table.groupId),
  ],
);

/**
 * Each learner's occupation info (userOccupationInfo): the group they chose, the canonical
 * occupation within it, and whether they manage people. One row per learner who answered.
 */
export const userOccupations = pgTable('user_occupations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  groupId: integer('group_id').references(() => occupationGroups.id, { onDelete: 'set null' }),
  occupationId: integer('occupation_id').references(() => occupations.id, { onDelete: 'set null' }),
  isManager: boolean('is_manager').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a learner typed as their job when no canonical occupation fitted (raw occupations). */
export const userRawOccupations = pgTable(
  'user_raw_occupations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The order the learner gave them in. */
    position: smallint('position').notNull(),
  },
  (table) => [index('user_raw_occupations_user_idx').on(table.userId, table.position)],
);
