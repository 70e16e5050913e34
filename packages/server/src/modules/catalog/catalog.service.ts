import {
  formatMoney,
  freePriceText,
  money,
  type CourseCategory,
  type CourseDetail,
  type CourseSummary,
  type CurrencyCode,
  type Money,
} from '@lectern/domain';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import { courseCoverUrl } from '../course-images/course-cover-svg.js';
import { createCatalogRepository, type CourseListFilter } from './catalog.repository.js';

export const courseUrl = (slug: string) => `/course/${slug}/`;

/**
 * Migration 0022 announces here every change to what the storefront shows of the catalog
 * (courses, instructors, categories, prices, covers, curricula), whoever made it.
 */
export const CATALOG_CHANGED_CHANNEL = 'lectern_catalog_changed';
export const categoryUrl = (slug: string) => `/courses/${slug}/`;

/** What the cart needs of a course: its identity, its price in one currency and its instructors. */
export interface CartCourse {
  id: number;
  title: string;
  url: string;
  /** Published and public: only such courses can be added to a list. */
  visible: boolean;
  listPrice: Money;
  visibleInstructors: { display_name: string }[];
  /** Its category, subcategory and their parents (a code's category scope covers them all). */
  categoryIds: number[];
}

const priceText = (price: Money, locale: string) =>
  price.amount === 0 ? freePriceText(locale) : formatMoney(price, locale);

const displayNames = new Map<string, Intl.DisplayNames>();
/** "en_US" → "English (United States)", in English (analytics reads it). */
function localeTitle(locale: string): string {
  let names = displayNames.get('en');
  if (!names) {
    names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
    displayNames.set('en', names);
  }
  try {
    return names.of(locale.replace('_', '-')) ?? locale;
  } catch {
    return locale;
  }
}

/** What other features show of a course (the learning catalog): identity, page, cover, language, level. */
export interface CourseFacts {
  id: number;
  title: string;
  /** The landing page. */
  url: string;
  slug: string;
  /** The cover's default-width JPEG. */
  imageUrl: string;
  locale: string;
  instructionalLevel: string;
  /** Published and public. */
  visible: boolean;
}

/** What a course's cover is made from: the drawn one's facts, and the uploaded one's version. */
export interface CourseCoverFacts {
  id: number;
  title: string;
  category: string;
  /** The uploaded cover's version; null when the cover is drawn. */
  uploadVersion: string | null;
}

/** How long the cart's read path may show course data (title, instructors, price) it read before. */
export const CART_COURSE_CACHE_MS = 60_000;
const CART_COURSE_CACHE_MAX = 20_000;

export function createCatalogService(db: Database, now: () => number = Date.now) {
  const repository = createCatalogRepository(db);
  // Course data for cart reads, per course and currency. Catalog data changes rarely and every
  // write (an add) reads it fresh, so a cart GET may show data up to a minute old.
  const cartCourseCache = createExpiringCache<string, CartCourse>({
    ttlMs: CART_COURSE_CACHE_MS,
    maxEntries: CART_COURSE_CACHE_MAX,
    now,
  });

  /**
   * The courses among `ids` (at most one query), keyed by id; unknown ids are absent. With
   * `cached`, courses read in the last minute come from memory (the cart's read path);
   * otherwise all are read fresh (writes validate against the database).
   */
  async function cartCourses(
    ids: readonly number[],
    currency: CurrencyCode,
    options: { cached?: boolean } = {},
  ): Promise<Map<number, CartCourse>> {
    const result = new Map<number, CartCourse>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const hit = options.cached ? cartCourseCache.get(`${id}:${currency}`) : undefined;
      if (hit) result.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return result;
    for (const row of await repository.coursesByIds(missing, currency)) {
      const course: CartCourse = {
        id: row.id,
        title: row.title,
        url: courseUrl(row.slug),
        visible: row.visible,
        listPrice: money(Number(row.priceAmount), currency),
        visibleInstructors: row.instructors.map((i) => ({ display_name: i.display_name })),
        categoryIds: (row.categoryIds ?? []).map(Number),
      };
      result.set(row.id, course);
      cartCourseCache.set(`${row.id}:${currency}`, course);
    }
    return result;
  }

  type SummaryRow = Awaited<ReturnType<typeof repository.listCourses>>[number];
  async function toSummaries(
    rows: SummaryRow[],
    currency: CurrencyCode,
    locale: string,
  ): Promise<CourseSummary[]> {
    const instructorRows = await repository.instructorsOfCourses(rows.map((row) => row.id));
    const instructorsByCourse = new Map<number, { displayName: string }[]>();
    for (const row of instructorRows) {
      instructorsByCourse.set(row.courseId, [...(instructorsByCourse.get(row.courseId) ?? []), row]);
    }
    return rows.map((row) => {
      const price = money(row.priceAmount, currency);
      return {
        id: row.id,
        title: row.title,
        headline: row.headline,
        url: courseUrl(row.slug),
        image_url: courseCoverUrl({
          id: row.id,
          title: row.title,
          category: row.categoryTitle,
          uploadVersion: row.coverVersion,
        }),
        visible_instructors: (instructorsByCourse.get(row.id) ?? []).map((i) => ({
          display_name: i.displayName,
        })),
        avg_rating_recent: Math.round(row.avgRatingRecent * 10) / 10,
        num_reviews: row.numReviews,
        num_subscribers: row.numSubscribers,
        primary_category: { title: row.categoryTitle },
        price,
        price_text: priceText(price, locale),
      };
    });
  }

  // Who hears that the catalog changed on this instance (cover facts, the sitemap, shared pages).
  const changeListeners = new Set<() => void>();
  /** Drops what this instance keeps of the catalog and tells the listeners. */
  function changed(): void {
    cartCourseCache.clear();
    for (const listener of changeListeners) {
      try {
        listener();
      } catch {
        // A listener only drops what it kept; one failing must not keep the others from it.
      }
    }
  }

  return {
    /**
     * Starts following the catalog's change announcements (any instance, any writer): each drops
     * what this instance keeps. While the listening connection is down nothing is announced, so
     * going down or coming back drops everything too. Resolves with the function that stops.
     */
    watchChanges(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
      return listen(CATALOG_CHANGED_CHANNEL, changed, changed);
    },

    /**
     * The catalog changed (the writer's own instance calls it at once, before the announcement
     * comes back): course data kept for carts and cards is dropped and the listeners told.
     */
    changed,

    /** Calls `listener` whenever the catalog changes; returns the function that stops. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

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
      return { count: total, results: await toSummaries(rows, currency, locale) };
    },

    /** Summaries of the given courses, published or not (a learner's own courses), in the given order. */
    async summariesOf(ids: number[], currency: CurrencyCode, locale: string): Promise<CourseSummary[]> {
      const rows = await repository.summariesByIds(ids, currency);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
      return toSummaries(ordered, currency, locale);
    },

    /** A published, public course by id or slug, with every field of `CourseDetail`; null otherwise. */
    async courseDetail(
      key: { id: number } | { slug: string },
      currency: CurrencyCode,
      locale: string,
    ): Promise<CourseDetail | null> {
      const row = await repository.courseDetail(key, currency);
      if (!row || !row.visible) return null;
      const price = money(row.priceAmount, currency);
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        headline: row.headline,
        url: courseUrl(row.slug),
        image_url: courseCoverUrl({
          id: row.id,
          title: row.title,
          category: row.categoryTitle,
          uploadVersion: row.coverVersion,
        }),
        context_info: { label: { display_name: row.subcategoryTitle ?? row.categoryTitle } },
        primary_category: { title: row.categoryTitle, slug: row.categorySlug },
        primary_subcategory: row.subcategoryTitle === null ? null : { title: row.subcategoryTitle },
        avg_rating_recent: Math.round(row.avgRatingRecent * 10) / 10,
        num_reviews: row.numReviews,
        visible_instructors: row.instructors,
        locale: { locale: row.locale, title: localeTitle(row.locale) },
        estimated_content_length: row.estimatedContentLength,
        num_subscribers: row.numSubscribers,
        price,
        price_text: priceText(price, locale),
      };
    },

    /** Top-level categories in seed order, each with its subcategories. */
    async categories(): Promise<CourseCategory[]> {
      const { all, counts } = await repository.categories();
      const countOf = new Map(counts.map((row) => [row.categoryId, row.value]));
      return all
        .filter((row) => row.parentId === null)
        .map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          url: categoryUrl(row.slug),
          num_courses: countOf.get(row.id) ?? 0,
          subcategories: all
            .filter((sub) => sub.parentId === row.id)
            .map((sub) => ({ id: sub.id, slug: sub.slug, title: sub.title })),
        }));
    },

    cartCourses,

    /**
     * The catalog's public pages for the sitemap: each published, public, listed course and each
     * category holding one, with when it last changed (a category: when its latest course did).
     */
    async publicPages(): Promise<{
      courses: { path: string; lastModified: Date }[];
      categories: { path: string; lastModified: Date | null }[];
    }> {
      const rows = await repository.publicPages();
      return {
        courses: rows.courses.map((row) => ({ path: courseUrl(row.slug), lastModified: row.updatedAt })),
        categories: rows.categories.map((row) => ({
          path: categoryUrl(row.slug),
          lastModified: row.newestCourseAt,
        })),
      };
    },

    /**
     * List prices of the published, public courses among `ids`; others are absent. Served from
     * the same minute-long cache as cart reads (course cards ask for prices all the time).
     */
    async listPrices(ids: readonly number[], currency: CurrencyCode): Promise<Map<number, Money>> {
      const courses = await cartCourses(ids, currency, { cached: true });
      const prices = new Map<number, Money>();
      for (const [id, course] of courses) if (course.visible) prices.set(id, course.listPrice);
      return prices;
    },

    /** Each price tier's amount in `currency` (coupons with a target price). */
    async tierAmounts(tierIds: readonly number[], currency: CurrencyCode): Promise<Map<number, Money>> {
      if (tierIds.length === 0) return new Map();
      const rows = await repository.tierAmounts([...tierIds], currency);
      return new Map(rows.map((row) => [row.tierId, money(Number(row.amount), currency)]));
    },

    async priceOf(courseId: number, currency: CurrencyCode): Promise<Money | null> {
      const amount = await repository.priceOfCourse(courseId, currency);
      return amount === null ? null : money(amount, currency);
    },

    /** The courses among `ids`, visible or not, keyed by id (one query); unknown ids are absent. */
    async courseFacts(ids: readonly number[]): Promise<Map<number, CourseFacts>> {
      const rows = await repository.courseFacts([...new Set(ids)]);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            title: row.title,
            url: courseUrl(row.slug),
            slug: row.slug,
            imageUrl: courseCoverUrl({
              id: row.id,
              title: row.title,
              category: row.categoryTitle,
              uploadVersion: row.coverVersion,
            }),
            locale: row.locale,
            instructionalLevel: row.instructionalLevel,
            visible: row.visible,
          },
        ]),
      );
    },

    /** The instructors among `ids`, keyed by id (one query). */
    async instructorsByIds(
      ids: readonly number[],
    ): Promise<Map<number, { id: number; displayName: string; jobTitle: string }>> {
      return new Map((await repository.instructorsByIds([...new Set(ids)])).map((row) => [row.id, row]));
    },

    /** What a published, public course's cover is made from; null for any other course. */
    async coverFacts(courseId: number): Promise<CourseCoverFacts | null> {
      const row = await repository.coverFacts(courseId);
      return row && { id: row.id, title: row.title, category: row.category, uploadVersion: row.coverVersion };
    },

    /** The course's uploaded cover (normalised WebP) with its version; null when it has none. */
    coverUpload: repository.coverUpload,

    tierIdByName: repository.tierIdByName,

    seedWriter: repository.seedWriter,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
