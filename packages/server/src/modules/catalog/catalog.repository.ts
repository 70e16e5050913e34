import { and, asc, count, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.js';
import { qualify } from '../../platform/db/qualify.js';
import {
  categories,
  courseCoverUploads,
  courseInstructors,
  courses,
  instructors,
  priceTierAmounts,
  priceTiers,
} from './catalog.tables.js';

export interface CourseListFilter {
  categorySlug?: string;
  search?: string;
}

/** A JSON array of a course's instructors in their order, as a correlated subquery. */
const instructorsJson = sql<{ display_name: string; job_title: string }[]>`coalesce((
  select json_agg(json_build_object('display_name', ${qualify(instructors.displayName)},
      'job_title', ${qualify(instructors.jobTitle)}) order by ${qualify(courseInstructors.position)})
  from ${courseInstructors} inner join ${instructors}
    on ${qualify(instructors.id)} = ${qualify(courseInstructors.instructorId)}
  where ${qualify(courseInstructors.courseId)} = ${qualify(courses.id)}), '[]'::json)`;

const isVisible = sql<boolean>`(${qualify(courses.isPublished)} and not ${qualify(courses.isPrivate)})`;
/** Visible and listed: what lists, category pages, counts and the sitemap show (unlisted courses are not). */
const isListed = sql<boolean>`(${isVisible} and not ${qualify(courses.isUnlisted)})`;

/** The version of the course's uploaded cover, or null when its cover is drawn (a correlated subquery). */
const coverVersion = sql<
  string | null
>`(select ${qualify(courseCoverUploads.version)} from ${courseCoverUploads}
  where ${qualify(courseCoverUploads.courseId)} = ${qualify(courses.id)})`;

/**
 * The course's categories as a coupon's category scope reads them: its category and subcategory
 * and their parents (a correlated subquery).
 */
const categoryIdsOf = sql<
  number[]
>`(select coalesce(array_agg(distinct x.id) filter (where x.id is not null), '{}'::int[])
  from ${categories} cat, lateral (values (cat.id), (cat.parent_id)) as x(id)
  where cat.id in (${qualify(courses.primaryCategoryId)}, ${qualify(courses.primarySubcategoryId)}))`;

const subcategories = alias(categories, 'subcategories');

export function createCatalogRepository(db: Database) {
  /** Course cards (list and by ids): the course, its category title and its price in one currency. */
  const summaries = (currency: string) =>
    db
      .select({
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        headline: courses.headline,
        avgRatingRecent: courses.avgRatingRecent,
        numReviews: courses.numReviews,
        numSubscribers: courses.numSubscribers,
        categoryTitle: categories.title,
        priceAmount: priceTierAmounts.amount,
        coverVersion,
      })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
      .innerJoin(
        priceTierAmounts,
        and(eq(priceTierAmounts.tierId, courses.priceTierId), eq(priceTierAmounts.currency, currency)),
      );
  const priceJoin = and(
    eq(priceTierAmounts.tierId, courses.priceTierId),
    eq(priceTierAmounts.currency, sql.placeholder('currency')),
  );

  // The cart and the pricing endpoint read a handful of courses on every request: one prepared
  // query each, whatever the number of courses.
  const coursesByIds = db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      visible: isVisible,
      priceTierId: courses.priceTierId,
      priceAmount: priceTierAmounts.amount,
      instructors: instructorsJson,
      categoryIds: categoryIdsOf,
    })
    .from(courses)
    .innerJoin(priceTierAmounts, priceJoin)
    .where(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('catalog_courses_by_ids');

  const tierAmountsQuery = db
    .select({ tierId: priceTierAmounts.tierId, amount: priceTierAmounts.amount })
    .from(priceTierAmounts)
    .where(
      and(
        sql`${priceTierAmounts.tierId} = any(${sql.placeholder('tierIds')}::int[])`,
        eq(priceTierAmounts.currency, sql.placeholder('currency')),
      ),
    )
    .prepare('catalog_tier_amounts');

  const detailColumns = {
    id: courses.id,
    slug: courses.slug,
    title: courses.title,
    headline: courses.headline,
    locale: courses.locale,
    visible: isVisible,
    avgRatingRecent: courses.avgRatingRecent,
    numReviews: courses.numReviews,
    numSubscribers: courses.numSubscribers,
    estimatedContentLength: courses.estimatedContentLength,
    categoryTitle: categories.title,
    categorySlug: categories.slug,
    subcategoryTitle: subcategories.title,
    priceAmount: priceTierAmounts.amount,
    instructors: instructorsJson,
    coverVersion,
  };
  const detailQuery = (where: SQL) =>
    db
      .select(detailColumns)
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, courses.primarySubcategoryId))
      .innerJoin(priceTierAmounts, priceJoin)
      .where(where)
      .limit(1);
  const detailById = detailQuery(eq(courses.id, sql.placeholder('id'))).prepare('catalog_course_by_id');
  const detailBySlug = detailQuery(eq(courses.slug, sql.placeholder('slug'))).prepare(
    'catalog_course_by_slug',
  );
  const visible = (filter: CourseListFilter): SQL | undefined => {
    const conditions: SQL[] = [
      eq(courses.isPublished, true),
      eq(courses.isPrivate, false),
      eq(courses.isUnlisted, false),
    ];
    if (filter.search) conditions.push(ilike(courses.title, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`));
    if (filter.categorySlug) conditions.push(eq(categories.slug, filter.categorySlug));
    return and(...conditions);
  };

  return {
    async countCourses(filter: CourseListFilter): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
        .where(visible(filter));
      return row?.value ?? 0;
    },

    /** One page of courses with their category title and price in one currency, in a single query. */
    async listCourses(filter: CourseListFilter, currency: string, limit: number, offset: number) {
      return summaries(currency).where(visible(filter)).orderBy(asc(courses.id)).limit(limit).offset(offset);
    },

    async instructorsOfCourses(courseIds: number[]) {
      if (courseIds.length === 0) return [];
      return db
        .select({ courseId: courseInstructors.courseId, displayName: instructors.displayName })
        .from(courseInstructors)
        .innerJoin(instructors, eq(instructors.id, courseInstructors.instructorId))
        .where(inArray(courseInstructors.courseId, courseIds))
        .orderBy(asc(courseInstructors.courseId), asc(courseInstructors.position));
    },

    async priceOfCourse(courseId: number, currency: string) {
      const [row] = await db
        .select({ amount: priceTierAmounts.amount })
        .from(courses)
        .innerJoin(
          priceTierAmounts,
          and(eq(priceTierAmounts.tierId, courses.priceTierId), eq(priceTierAmounts.currency, currency)),
        )
        .where(eq(courses.id, courseId))
        .limit(1);
      return row?.amount ?? null;
    },

    /** Courses by id, visible or not, with their category title: what other features show of a course (one query). */
    async courseFacts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: courses.id,
          slug: courses.slug,
          title: courses.title,
          locale: courses.locale,
          instructionalLevel: courses.instructionalLevel,
          categoryTitle: categories.title,
          visible: isVisible,
          coverVersion,
        })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
        .where(inArray(courses.id, [...ids]));
    },

    async instructorsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: instructors.id, displayName: instructors.displayName, jobTitle: instructors.jobTitle })
        .from(instructors)
        .where(inArray(instructors.id, [...ids]));
    },

    /** Courses by id, visible or not, with their price in `currency` and their instructors. */
    coursesByIds: (ids: number[], currency: string) => coursesByIds.execute({ ids, currency }),

    tierAmounts: (tierIds: number[], currency: string) => tierAmountsQuery.execute({ tierIds, currency }),

    async courseDetail(key: { id: number } | { slug: string }, currency: string) {
      const [row] =
        'id' in key
          ? await detailById.execute({ id: key.id, currency })
          : await detailBySlug.execute({ slug: key.slug, currency });
      return row ?? null;
    },

    /** Top-level categories with their subcategories and the number of visible courses in each. */
    async categories() {
      const [all, counts] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.id)),
        db
          .select({ categoryId: courses.primaryCategoryId, value: count() })
          .from(courses)
          .where(isListed)
          .groupBy(courses.primaryCategoryId),
      ]);
      return { all, counts };
    },

    /**
     * Every published, public, listed course (slug, last change) and every category that is some
     * such course's primary category (slug, its latest course change): the sitemap.
     */
    async publicPages() {
      const [courseRows, categoryRows] = await Promise.all([
        db
          .select({ slug: courses.slug, updatedAt: courses.updatedAt })
          .from(courses)
          .where(isListed)
          .orderBy(asc(courses.id)),
        db
          .select({ slug: categories.slug, newestCourseAt: max(courses.updatedAt) })
          .from(categories)
          .innerJoin(courses, eq(courses.primaryCategoryId, categories.id))
          .where(isListed)
          .groupBy(categories.id, categories.slug)
          .orderBy(asc(categories.id)),
      ]);
      return { courses: courseRows, categories: categoryRows };
    },

    /** Summaries of the given courses (visible or not), in one currency. */
    async summariesByIds(ids: number[], currency: string) {
      if (ids.length === 0) return [];
      return summaries(currency).where(inArray(courses.id, ids));
    },

    /**
     * What a published, public course's cover is drawn from (its title and category) and the
     * version of its uploaded cover, if any; null for any other course.
     */
    async coverFacts(courseId: number) {
      const [row] = await db
        .select({ id: courses.id, title: courses.title, category: categories.title, coverVersion })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
        .where(and(eq(courses.id, courseId), isVisible));
      return row ?? null;
    },

    /** The course's uploaded cover (the normalised WebP), or null when it has none. */
    async coverUpload(courseId: number) {
      const [row] = await db
        .select({
          image: courseCoverUploads.image,
          version: courseCoverUploads.version,
          width: courseCoverUploads.width,
          height: courseCoverUploads.height,
        })
        .from(courseCoverUploads)
        .where(eq(courseCoverUploads.courseId, courseId));
      return row ?? null;
    },

    async tierIdByName(name: string): Promise<number | null> {
      const [row] = await db.select({ id: priceTiers.id }).from(priceTiers).where(eq(priceTiers.name, name));
      return row?.id ?? null;
    },

    /** Bulk writes for the demo seed. */
    seedWriter: {
      insertPriceTier: async (name: string, amounts: { currency: string; amount: number }[]) => {
        const [tier] = await db.insert(priceTiers).values({ name }).returning({ id: priceTiers.id });
        await db.insert(priceTierAmounts).values(amounts.map((amount) => ({ ...amount, tierId: tier!.id })));
        return tier!.id;
      },
      insertCategory: async (values: typeof categories.$inferInsert) => {
        const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
        return row!.id;
      },
      insertInstructors: (values: (typeof instructors.$inferInsert)[]) =>
        db.insert(instructors).values(values).returning({ id: instructors.id }),
      insertCourses: (values: (typeof courses.$inferInsert)[]) =>
        db.insert(courses).values(values).returning({ id: courses.id, slug: courses.slug }),
      insertCourseInstructors: (values: (typeof courseInstructors.$inferInsert)[]) =>
        db.insert(courseInstructors).values(values),
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
