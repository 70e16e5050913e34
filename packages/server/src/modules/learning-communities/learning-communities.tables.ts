import type { LearningCommunityCreationReason } from '@lectern/domain';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.js';
import { topics } from '../topics/topics.tables.js';
import { users } from '../users/users.tables.js';

// The domain's LEARNING_COMMUNITY_CREATION_REASONS, written out: drizzle-kit reads this file
// without the workspace's source build of the domain.
const CREATION_REASONS = [
  'COMPANY_WIDE_TRANSFORMATION_INITIATE',
  'COMPLIANCE_TRAINING',
  'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS',
  'ONBOARDING_A_NEW_TEAM',
  'OTHER',
  'STUDY_FOR_A_CERTIFICATE',
] as const satisfies readonly LearningCommunityCreationReason[];

export const learningCommunityCreationReason = pgEnum('learning_community_creation_reason', CREATION_REASONS);

/**
 * Platform §3 learning communities: people of one organization learning together. The owner is
 * always a member too; a community without an organization (its founder had none) is its
 * founder's alone.
 */
export const learningCommunities = pgTable(
  'learning_communities',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    reasonType: learningCommunityCreationReason('reason_type').notNull(),
    reasonText: varchar('reason_text', { length: 500 }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('learning_communities_organization_idx').on(table.organizationId)],
);

export const learningCommunityMembers = pgTable(
  'learning_community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => learningCommunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who added them; null for the founder, or once the adder's account is gone. */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.userId] }),
    // "My communities" reads by member.
    index('learning_community_members_user_idx').on(table.userId),
  ],
);

export const learningCommunityTopics = pgTable(
  'learning_community_topics',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => learningCommunities.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** The order the founder gave them in. */
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.communityId, table.topicId] })],
);
