import { boolean, customType, index, integer, pgTable, real, timestamp, varchar } from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';

/** PostgreSQL's full-text document; only the database reads and writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per published, public course: what search matches, filters and sorts on, so a
 * search reads this one table. The database keeps it (migration 0013): triggers on courses,
 * course_instructors, instructors and price_tier_amounts rewrite a course's row in the same
 * transaction as the change, so it is never stale and no code path can forget it. A course
 * that is unpublished or made private loses its row.
 */
export const courseSearchDocuments = pgTable(
  'course_search_documents',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /**
     * Weighted: A title, B headline, C description, D instructor names. Each text appears
     * stemmed in the course's language and, accents folded, word for word ("simple"), so
     * a word typed halfway still matches as a prefix of the whole word.
     */
    document: tsvector('document').notNull(),
    /** The title alone, the same way, for the header box's suggestions. */
    titleDocument: tsvector('title_document').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
    /** The first part of the course's locale: en, es, pt, ja… */
    language: varchar('language', { length: 8 }).notNull(),
    level: varchar('level', { length: 20 }).notNull(),
    categoryId: integer('category_id').notNull(),
    subcategoryId: integer('subcategory_id'),
    /** Every amount of the course's price tier is zero. */
    isFree: boolean('is_free').notNull(),
    rating: real('rating').notNull(),
    numReviews: integer('num_reviews').notNull(),
    numSubscribers: integer('num_subscribers').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Without fastupdate: new entries go straight into the index instead of a pending list that
    // every search would scan until a vacuum; the catalog is written rarely and searched always.
    index('course_search_documents_document_idx').using('gin', table.document).with({ fastupdate: false }),
    index('course_search_documents_title_idx').using('gin', table.titleDocument).with({ fastupdate: false }),
    // Browsing without a query: each sort walks its index until a page passes the filters.
    index('course_search_documents_rating_idx').on(
      table.rating.desc().nullsFirst(),
      table.numReviews.desc().nullsFirst(),
      table.courseId,
    ),
    index('course_search_documents_reviews_idx').on(
      table.numReviews.desc().nullsFirst(),
      table.rating.desc().nullsFirst(),
      table.courseId,
    ),
    index('course_search_documents_time_idx').on(
      table.publishedAt.desc().nullsFirst(),
      table.courseId.desc().nullsFirst(),
    ),
    // The facets' facts without the documents: counting every course reads this, not the table.
    index('course_search_documents_facts_idx').on(
      table.categoryId,
      table.subcategoryId,
      table.level,
      table.language,
      table.isFree,
      table.rating,
    ),
  ],
);
