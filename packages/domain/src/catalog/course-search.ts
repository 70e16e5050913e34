import type { CourseSummary, PaginatedResponse } from './course-list.js';

/** Platform §3 "Search sort": best match first (ties by rating), best rated, most reviewed, newest. */
export const SEARCH_SORTS = ['RELEVANCE', 'RATING', 'REVIEWS', 'TIME'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'RELEVANCE';

/** Platform §3 "Instructional levels": a course is for one of them. */
export const INSTRUCTIONAL_LEVELS = ['ALL_LEVELS', 'BEGINNER', 'INTERMEDIATE', 'EXPERT'] as const;
export type InstructionalLevel = (typeof INSTRUCTIONAL_LEVELS)[number];

export const SEARCH_PRICES = ['free', 'paid'] as const;
export type SearchPrice = (typeof SEARCH_PRICES)[number];

/** The rating filter's choices: courses rated at least this much, best first. */
export const SEARCH_MIN_RATINGS = [4.5, 4, 3.5, 3] as const;
export type SearchMinRating = (typeof SEARCH_MIN_RATINGS)[number];

/** Longest query the search accepts; longer is a 400 (what matters is at the start anyway). */
export const SEARCH_QUERY_MAX_LENGTH = 500;
/** Most suggestions the header box shows. */
export const SEARCH_SUGGESTIONS_MAX = 8;

/**
 * `GET /api-2.0/search-courses/`: what the search page sends. `q` may be empty (every course,
 * filtered); the last word of `q` also matches as a prefix (the user may still be typing it).
 */
export interface CourseSearchParams {
  q: string;
  page: number;
  pageSize: number;
  /** A category's or a subcategory's slug; a category includes its subcategories. */
  category?: string;
  level?: InstructionalLevel;
  price?: SearchPrice;
  /** A language code: `en`, `es`, `pt`, `ja`… (the first part of the course's locale). */
  language?: string;
  rating?: SearchMinRating;
  sort: SearchSort;
}

/** How many results one choice of a filter would give, the other filters staying as they are. */
export interface SearchFacetValue<Value extends string | number = string> {
  value: Value;
  count: number;
}

export interface SearchCategoryFacet extends SearchFacetValue {
  /** The category's slug (`value`) and title; `parent` is the slug of a subcategory's category. */
  title: string;
  parent: string | null;
}

/**
 * Counts for the filter controls. Each facet counts the matches of the query and of every
 * OTHER filter, so a control shows what choosing one of its values would give. Values with no
 * course are left out, except the selected one.
 */
export interface CourseSearchFacets {
  category: SearchCategoryFacet[];
  level: SearchFacetValue<InstructionalLevel>[];
  price: SearchFacetValue<SearchPrice>[];
  language: SearchFacetValue[];
  /** Courses rated at least `value`, one entry per `SEARCH_MIN_RATINGS`. */
  rating: SearchFacetValue<SearchMinRating>[];
}

export interface CourseSearchResponse extends PaginatedResponse<CourseSummary> {
  facets: CourseSearchFacets;
}

/** `GET /api-2.0/search-autocomplete/?q=`: course titles for the header box, best first. */
export interface SearchSuggestion {
  id: number;
  title: string;
  /** The course landing page. */
  url: string;
}

export interface SearchSuggestionsResponse {
  results: SearchSuggestion[];
}

/** `free`/`paid`, `BEGINNER`… from a query parameter; undefined when it is not one of them. */
export function choiceOf<T extends string | number>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => String(choice) === value);
}
