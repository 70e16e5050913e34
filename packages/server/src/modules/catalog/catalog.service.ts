import { formatMoney, money, type CourseSummary, type CurrencyCode, type Money } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createCatalogRepository, type CourseListFilter } from './catalog.repository.js';

export const courseUrl = (slug: string) => `/course/${slug}/`;

export function createCatalogService(db: Database) {
  const repository = createCatalogRepository(db);

  return {
    /** A page of published, public courses priced in `currency`. */
    async listCourses(
      filter: CourseListFilter,
      page: { number: number; size: number },
      currency: CurrencyCode,
      locale: string,
    ): Promise<{ count: number; results: CourseSummary[] }> {
      const [total, rows] = await Promise.all([
        repository.countCourses(filter),
        repository.listCourses(filter, currency, page.size, (page.number - 1) * page.size),
      ]);
      const instructorRows = await repository.instructorsOfCourses(rows.map((row) => row.id));
      const instructorsByCourse = new Map<number, { displayName: string }[]>();
      for (const row of instructorRows) {
        instructorsByCourse.set(row.courseId, [...(instructorsByCourse.get(row.courseId) ?? []), row]);
      }
      return {
        count: total,
        results: rows.map((row) => {
          const price = money(row.priceAmount, currency);
          return {
            id: row.id,
            title: row.title,
            headline: row.headline,
            url: courseUrl(row.slug),
            image_url: null,
            visible_instructors: (instructorsByCourse.get(row.id) ?? []).map((i) => ({
              display_name: i.displayName,
            })),
            avg_rating_recent: Math.round(row.avgRatingRecent * 10) / 10,
            num_reviews: row.numReviews,
            num_subscribers: row.numSubscribers,
            primary_category: { title: row.categoryTitle },
            price,
            price_text: price.amount === 0 ? 'Free' : formatMoney(price, locale),
          };
        }),
      };
    },

    async priceOf(courseId: number, currency: CurrencyCode): Promise<Money | null> {
      const amount = await repository.priceOfCourse(courseId, currency);
      return amount === null ? null : money(amount, currency);
    },

    seedWriter: repository.seedWriter,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
