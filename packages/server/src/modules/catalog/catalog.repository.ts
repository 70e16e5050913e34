import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import {
  categories,
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

export function createCatalogRepository(db: Database) {
  const visible = (filter: CourseListFilter): SQL | undefined => {
    const conditions: SQL[] = [eq(courses.isPublished, true), eq(courses.isPrivate, false)];
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
      return db
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
        })
        .from(courses)
        .innerJoin(categories, eq(categories.id, courses.primaryCategoryId))
        .innerJoin(
          priceTierAmounts,
          and(eq(priceTierAmounts.tierId, courses.priceTierId), eq(priceTierAmounts.currency, currency)),
        )
        .where(visible(filter))
        .orderBy(asc(courses.id))
        .limit(limit)
        .offset(offset);
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
