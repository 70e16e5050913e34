import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 80 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    /** Null for a top-level category; set for a subcategory. */
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
  },
  (table) => [uniqueIndex('categories_slug_key').on(table.slug)],
);

export const instructors = pgTable('instructors', {
  id: serial('id').primaryKey(),
  displayName: varchar('display_name', { length: 120 }).notNull(),
  jobTitle: varchar('job_title', { length: 200 }).notNull().default(''),
});

/** A named price point; each tier has one amount per currency (design §3). */
export const priceTiers = pgTable(
  'price_tiers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
  },
  (table) => [uniqueIndex('price_tiers_name_key').on(table.name)],
);

export const priceTierAmounts = pgTable(
  'price_tier_amounts',
  {
    tierId: integer('tier_id')
      .notNull()
      .references(() => priceTiers.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Integer minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tierId, table.currency] })],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 120 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    headline: text('headline').notNull().default(''),
    /** What the course teaches, a paragraph or two (searched, shown on the landing page). */
    description: text('description').notNull().default(''),
    /** Platform §3 instructional level: ALL_LEVELS, BEGINNER, INTERMEDIATE or EXPERT. */
    instructionalLevel: varchar('instructional_level', { length: 20 }).notNull().default('ALL_LEVELS'),
    locale: varchar('locale', { length: 16 }).notNull().default('en_US'),
    /** Null only for a draft that has no category yet (publishing asks for one). */
    primaryCategoryId: integer('primary_category_id').references(() => categories.id),
    primarySubcategoryId: integer('primary_subcategory_id').references(() => categories.id),
    /** Null only for a draft that has no price yet (publishing asks for one). */
    priceTierId: integer('price_tier_id').references(() => priceTiers.id),
    avgRatingRecent: real('avg_rating_recent').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    numSubscribers: integer('num_subscribers').notNull().default(0),
    /** Minutes of content. */
    estimatedContentLength: integer('estimated_content_length').notNull().default(0),
    isPrivate: boolean('is_private').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** Published but kept out of lists and search: reachable by its address only (back office status `unlisted`). */
    isUnlisted: boolean('is_unlisted').notNull().default(false),
    /** The landing page's "What you'll learn" and "Requirements" lists, in order. */
    whatYouLearn: jsonb('what_you_learn').$type<string[]>().notNull().default([]),
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** When the course went live (the search's "newest" sort); the creation time until then. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('courses_slug_key').on(table.slug),
    index('courses_primary_category_idx').on(table.primaryCategoryId),
  ],
);

export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructors.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.instructorId] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A cover uploaded in the back office, kept in the database (every instance serves it) after
 * sharp normalised it (orientation applied, metadata stripped, at most 2400 px wide, WebP).
 * Without one, the course's cover is drawn from its title and category.
 */
export const courseCoverUploads = pgTable('course_cover_uploads', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Changes with every upload: cover addresses carry it, so caches never serve an old one. */
  version: varchar('version', { length: 16 }).notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A price tier change scheduled from a date: applied by a job when it is due (orders and quotes
 * already made keep the price they were made with). Cancelled ones stay for the record.
 */
export const coursePriceChanges = pgTable(
  'course_price_changes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    priceTierId: integer('price_tier_id')
      .notNull()
      .references(() => priceTiers.id),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('course_price_changes_due_idx')
      .on(table.effectiveAt)
      .where(sql`${table.appliedAt} is null and ${table.cancelledAt} is null`),
    index('course_price_changes_course_idx').on(table.courseId, table.effectiveAt),
  ],
);
