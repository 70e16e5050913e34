import type { BadgeProductType, BadgeType } from '@lectern/domain';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { topics } from '../topics/topics.tables.js';
import { users } from '../users/users.tables.js';

// The domain's BADGE_TYPES and BADGE_PRODUCT_TYPES, written out: drizzle-kit reads this file
// without the workspace's source build of the domain.
const TYPES = ['BLUEPRINT', 'OPEN_BADGE'] as const satisfies readonly BadgeType[];
const PRODUCT_TYPES = ['COURSE', 'LEARNING_PATH'] as const satisfies readonly BadgeProductType[];

export const badgeType = pgEnum('badge_type', TYPES);
export const badgeProductType = pgEnum('badge_product_type', PRODUCT_TYPES);

/** Subject areas certifications are filed under ("Cloud", "Project Management"). */
export const badgeCertificationAreas = pgTable(
  'badge_certification_areas',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
  },
  (table) => [uniqueIndex('badge_certification_areas_name_key').on(table.name)],
);

/** Who issues a badge (a vendor's certification body, or the marketplace itself). */
export const badgeIssuers = pgTable(
  'badge_issuers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    url: varchar('url', { length: 300 }),
  },
  (table) => [uniqueIndex('badge_issuers_name_key').on(table.name)],
);

/**
 * Platform §3 badge classes: a certification or badge one can earn (Open Badges' BadgeClass).
 * Inactive classes stay readable by id (their holders keep them) but leave the lists.
 */
export const badgeClasses = pgTable(
  'badge_classes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /** The badge picture's id (the issuer's artwork). */
    imageId: varchar('image_id', { length: 80 }).notNull(),
    description: text('description').notNull().default(''),
    type: badgeType('type').notNull(),
    tags: text('tags').array().notNull().default([]),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => badgeIssuers.id, { onDelete: 'cascade' }),
    /** What one must show to earn it. */
    criteria: text('criteria').notNull().default(''),
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    certificationAreaId: integer('certification_area_id').references(() => badgeCertificationAreas.id, {
      onDelete: 'set null',
    }),
    /** The issuer's page about it. */
    externalUrl: varchar('external_url', { length: 500 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('badge_classes_topic_idx').on(table.topicId),
    index('badge_classes_issuer_idx').on(table.issuerId),
    index('badge_classes_area_idx').on(table.certificationAreaId),
  ],
);

/** The courses and learning paths that prepare for a badge class, in the order to take them. */
export const badgeClassProducts = pgTable(
  'badge_class_products',
  {
    badgeClassId: integer('badge_class_id')
      .notNull()
      .references(() => badgeClasses.id, { onDelete: 'cascade' }),
    productType: badgeProductType('product_type').notNull(),
    productId: integer('product_id').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.badgeClassId, table.productType, table.productId] }),
    index('badge_class_products_product_idx').on(table.productType, table.productId),
  ],
);

/** Platform §3 badge assertions: a badge class awarded to a learner. */
export const badgeAssertions = pgTable(
  'badge_assertions',
  {
    id: serial('id').primaryKey(),
    badgeClassId: integer('badge_class_id')
      .notNull()
      .references(() => badgeClasses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedOn: timestamp('issued_on', { withTimezone: true }).notNull(),
    /** Null for a badge that never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The issuer's verification page of this award. */
    externalUrl: varchar('external_url', { length: 500 }),
  },
  (table) => [
    index('badge_assertions_user_idx').on(table.userId, table.issuedOn),
    index('badge_assertions_class_idx').on(table.badgeClassId),
  ],
);
