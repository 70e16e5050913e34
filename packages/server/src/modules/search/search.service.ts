import {
  INSTRUCTIONAL_LEVELS,
  SEARCH_MIN_RATINGS,
  choiceOf,
  type CourseCategory,
  type CourseSearchFacets,
  type CourseSearchParams,
  type CourseSummary,
  type CurrencyCode,
  type SearchFacetValue,
  type SearchPrice,
  type SearchSuggestion,
} from '@lectern/domain';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import { createAnnouncedCache } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import { courseUrl, type CatalogService } from '../catalog/catalog.service.js';
import {
  createSearchRepository,
  type FacetCombination,
  type SearchFilters,
  type TextQuery,
} from './search.repository.js';

/** Migration 0013 announces every change to the search rows here. */
export const SEARCH_CHANGED_CHANNEL = 'lectern_search_changed';
/**
 * What searches found, kept per instance: the facet combinations of a text (every page, sort
 * and filter of it shares them; without text, every browse does) and each page's ids. Popular
 * searches repeat, and a broad one ("learn") ranks thousands of courses. Dropped the moment
 * any course changes (announced); at most 5 minutes if an announcement were ever lost.
 */
const RESULTS_CACHE = { ttlMs: 5 * 60_000, maxEntries: 5_000 } as const;
/** Categories change with the catalog, rarely: filters and facets may see them a minute late. */
const CATEGORY_CACHE_MS = 60_000;

/** The word the text ends with, if it ends inside one: the user may still be typing it. */
const LAST_WORD = /[\p{L}\p{N}\p{M}]+$/u;
/** Scripts whose every character is most of a word: one is enough to begin one. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * The shortest beginning of a word that matches as a prefix. Two letters begin a good part of
 * the catalog's words ("ma": machine, marketing, mastering…), which costs much and tells little;
 * they still match the whole word ("go", "ux").
 */
const PREFIX_MIN_LETTERS = 3;

/**
 * The query as search reads it; null when there is nothing to search for (every course). The
 * last word is a prefix while it is being typed: not after a space or a quote, nor when it is
 * too short to say much.
 */
export function textQueryOf(q: string, prefixFrom = PREFIX_MIN_LETTERS): TextQuery | null {
  const text = q.trim();
  if (text === '') return null;
  const last = LAST_WORD.exec(q)?.[0] ?? '';
  return { text, prefix: last !== '' && ([...last].length >= prefixFrom || IDEOGRAPHIC.test(last)) };
}

interface CategoryEntry {
  id: number;
  slug: string;
  title: string;
  parent: string | null;
}

function flatten(categories: CourseCategory[]): CategoryEntry[] {
  return categories.flatMap((category) => [
    { id: category.id, slug: category.slug, title: category.title, parent: null },
    ...category.subcategories.map((sub) => ({
      id: sub.id,
      slug: sub.slug,
      title: sub.title,
      parent: category.slug,
    })),
  ]);
}

type Dimension = 'category' | 'level' | 'price' | 'language' | 'rating';
const DIMENSIONS: readonly Dimension[] = ['category', 'level', 'price', 'language', 'rating'];

/** Which filters a combination of facts passes (an unset filter passes everything). */
function passes(combination: FacetCombination, filters: SearchFilters): Record<Dimension, boolean> {
  const { categoryId, level, isFree, language, minRating } = filters;
  return {
    category:
      categoryId === undefined ||
      combination.categoryId === categoryId ||
      combination.subcategoryId === categoryId,
    level: level === undefined || combination.level === level,
    price: isFree === undefined || combination.isFree === isFree,
    language: language === undefined || combination.language === language,
    rating: minRating === undefined || combination.ratingFloor >= minRating,
  };
}

/** Values with a count, biggest first; a value with none only when it is the one selected. */
function listed<Value extends string | number>(
  counts: Map<Value, number>,
  selected: Value | undefined,
): SearchFacetValue<Value>[] {
  if (selected !== undefined && !counts.has(selected)) counts.set(selected, 0);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
}

const add = <K>(counts: Map<K, number>, key: K, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The number of matches and each facet's counts. A facet counts the matches that pass every
 * filter but its own, so its control shows what choosing each value would give.
 */
export function countFacets(
  combinations: readonly FacetCombination[],
  filters: SearchFilters,
  params: Pick<CourseSearchParams, 'category' | 'level' | 'price' | 'language'>,
  categories: readonly CategoryEntry[],
): { count: number; facets: CourseSearchFacets } {
  let count = 0;
  const byCategory = new Map<number, number>();
  const byLevel = new Map<string, number>();
  const byPrice = new Map<SearchPrice, number>();
  const byLanguage = new Map<string, number>();
  const byRating = new Map<number, number>();
  for (const combination of combinations) {
    const passed = passes(combination, filters);
    const allBut = (dimension: Dimension) =>
      DIMENSIONS.every((other) => other === dimension || passed[other]);
    const n = combination.count;
    if (allBut('category') && passed.category) count += n;
    if (allBut('category')) {
      add(byCategory, combination.categoryId, n);
      if (combination.subcategoryId !== null) add(byCategory, combination.subcategoryId, n);
    }
    if (allBut('level')) add(byLevel, combination.level, n);
    if (allBut('price')) add(byPrice, combination.isFree ? 'free' : 'paid', n);
    if (allBut('language')) add(byLanguage, combination.language, n);
    if (allBut('rating')) {
      for (const minimum of SEARCH_MIN_RATINGS) {
        if (combination.ratingFloor >= minimum) add(byRating, minimum, n);
      }
    }
  }
  return {
    count,
    facets: {
      category: categories
        .map((entry) => ({
          value: entry.slug,
          title: entry.title,
          parent: entry.parent,
          count: byCategory.get(entry.id) ?? 0,
        }))
        .filter((entry) => entry.count > 0 || entry.value === params.category),
      level: listed(
        new Map(
          [...byLevel].flatMap(([raw, n]) => {
            const level = choiceOf(INSTRUCTIONAL_LEVELS, raw);
            return level ? [[level, n] as const] : [];
          }),
        ),
        params.level,
      ),
      price: listed(byPrice, params.price),
      language: listed(byLanguage, params.language),
      rating: SEARCH_MIN_RATINGS.map((value) => ({ value, count: byRating.get(value) ?? 0 })),
    },
  };
}

export function createSearchService(db: Database, catalog: CatalogService) {
  const repository = createSearchRepository(db);
  const categoryCache = createExpiringCache<'all', CategoryEntry[]>({
    ttlMs: CATEGORY_CACHE_MS,
    maxEntries: 1,
  });
  // One owner (0) for every entry: any change to the search rows drops them all.
  const pages = createAnnouncedCache<number[]>({ channel: SEARCH_CHANGED_CHANNEL, ...RESULTS_CACHE });
  const facetCombinations = createAnnouncedCache<FacetCombination[]>({
    channel: SEARCH_CHANGED_CHANNEL,
    ...RESULTS_CACHE,
  });
  // The header box asks again for every short prefix ("p", "py"…), each matching many titles.
  const suggested = createAnnouncedCache<SearchSuggestion[]>({
    channel: SEARCH_CHANGED_CHANNEL,
    ...RESULTS_CACHE,
  });

  async function categories(): Promise<CategoryEntry[]> {
    const cached = categoryCache.get('all');
    if (cached) return cached;
    const entries = flatten(await catalog.categories());
    categoryCache.set('all', entries);
    return entries;
  }

  /** Drops every kept result (a course changed); the change's announcement does the same everywhere. */
  function forget(): void {
    categoryCache.clear();
    for (const cache of [pages, facetCombinations, suggested]) cache.forget('everyone');
  }
  // A course changed on this instance: its search results go at once, before the announcement.
  catalog.onChange(forget);

  return {
    /** Starts following changes to the search rows; resolves with the function that stops. */
    async watchChanges(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
      const stops = await Promise.all(
        [pages, facetCombinations, suggested].map((cache) => cache.watch(listen)),
      );
      return async () => {
        for (const stop of stops) await stop();
      };
    },

    /** Drops every kept result now (tests; a catalog change does it on its own). */
    forget,

    /**
     * One page of the courses matching the query and filters, as catalog cards priced in
     * `currency`, with the number of matches and the facets' counts. An unknown category
     * matches nothing (its facet still lists the others).
     */
    async search(
      params: CourseSearchParams,
      currency: CurrencyCode,
      locale: string,
    ): Promise<{ count: number; results: CourseSummary[]; facets: CourseSearchFacets }> {
      const allCategories = await categories();
      const text = textQueryOf(params.q);
      const filters: SearchFilters = {
        ...(params.category !== undefined && {
          // 0 is no category's id: a well-formed slug of no category matches nothing.
          categoryId: allCategories.find((entry) => entry.slug === params.category)?.id ?? 0,
        }),
        ...(params.level !== undefined && { level: params.level }),
        ...(params.price !== undefined && { isFree: params.price === 'free' }),
        ...(params.language !== undefined && { language: params.language }),
        ...(params.rating !== undefined && { minRating: params.rating }),
      };
      const offset = (params.page - 1) * params.pageSize;
      const pageKey = JSON.stringify([text, filters, params.sort, params.pageSize, offset]);
      let found: FacetCombination[] | undefined;
      const readPage = (withCombinations: boolean) =>
        pages.read(0, pageKey, async () => {
          const read = await repository.search(
            text,
            filters,
            params.sort,
            params.pageSize,
            offset,
            withCombinations,
          );
          found = withCombinations ? read.combinations : undefined;
          return read.ids;
        });
      // A text seen for the first time: this page and its combinations in one statement. The
      // page is read inside the combinations' read, so a change announced meanwhile keeps
      // either from being kept.
      let ids: number[] | undefined;
      const combinations = await facetCombinations.read(0, JSON.stringify(text), async () => {
        ids = await readPage(true);
        return found ?? (await repository.search(text, filters, params.sort, 1, 0, true)).combinations;
      });
      ids ??= await readPage(false);
      const { count, facets } = countFacets(combinations, filters, params, allCategories);
      // The catalog's own cards (instructors, image, price in the visitor's currency), in our order.
      const cards = ids.length === 0 ? [] : await catalog.summariesOf(ids, currency, locale);
      return { count, results: cards, facets };
    },

    /** Titles matching what the user is typing (the last word as a prefix), at most `limit`. */
    async suggestions(q: string, limit: number): Promise<SearchSuggestion[]> {
      // Titles only, and kept: any beginning of a word is worth suggesting from.
      const text = textQueryOf(q, 1);
      if (!text) return [];
      return suggested.read(0, JSON.stringify([text, limit]), async () =>
        (await repository.suggestions(text, limit)).map((row) => ({
          id: row.id,
          title: row.title,
          url: courseUrl(row.slug),
        })),
      );
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
