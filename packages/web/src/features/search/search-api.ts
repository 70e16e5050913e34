import {
  DEFAULT_SEARCH_SORT,
  INSTRUCTIONAL_LEVELS,
  PAGE_ROUTES,
  SEARCH_MIN_RATINGS,
  SEARCH_PRICES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SORTS,
  choiceOf,
  type CourseSearchParams,
  type CourseSearchResponse,
  type SearchSuggestion,
  type SearchSuggestionsResponse,
} from '@lectern/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { currentPage, PAGE_PARAM } from '../../ui/page-param';

export const SEARCH_PAGE_PATH = PAGE_ROUTES.courseSearch;
export const SEARCH_PAGE_SIZE = 12;
/** Suggestions start with the second character: one letter matches half the catalog. */
export const SUGGESTIONS_MIN_LENGTH = 2;

const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/**
 * What the search page shows, all of it from its URL (`/courses/search/?q=…&level=…&p=2`), so
 * a search can be shared and the back button returns to the previous one. A parameter the
 * page cannot read is ignored, as if it were not there. The API's parameters but the page size
 * (the page's own).
 */
export type SearchPageParams = Omit<CourseSearchParams, 'pageSize'>;

/** The filters, in the order the page shows them and the URL carries them. */
export const SEARCH_FILTERS = ['category', 'level', 'price', 'language', 'rating'] as const;
export type SearchFilterName = (typeof SEARCH_FILTERS)[number];

export function readSearchParams(search: string | URLSearchParams): SearchPageParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (name: string, pattern: RegExp) => {
    const value = params.get(name) ?? '';
    return pattern.test(value) ? value : undefined;
  };
  const ratingText = params.get('rating');
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH),
    page: currentPage(params.toString()),
    category: text('category', CATEGORY_SLUG),
    level: choiceOf(INSTRUCTIONAL_LEVELS, params.get('level')),
    price: choiceOf(SEARCH_PRICES, params.get('price')),
    language: text('language', LANGUAGE_CODE),
    rating:
      ratingText === null ? undefined : SEARCH_MIN_RATINGS.find((value) => value === Number(ratingText)),
    sort: choiceOf(SEARCH_SORTS, params.get('sort')) ?? DEFAULT_SEARCH_SORT,
  };
}

/**
 * The search page's address for these parameters: empty ones and the defaults left out (page
 * 1, the default sort), in a fixed order, so one search has one address.
 */
export function searchHref(params: Partial<SearchPageParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  for (const name of SEARCH_FILTERS) {
    const value = params[name];
    if (value !== undefined) query.set(name, String(value));
  }
  if (params.sort && params.sort !== DEFAULT_SEARCH_SORT) query.set('sort', params.sort);
  if (params.page && params.page > 1) query.set(PAGE_PARAM, String(params.page));
  const text = query.toString();
  return text ? `${SEARCH_PAGE_PATH}?${text}` : SEARCH_PAGE_PATH;
}

/** `GET /api-2.0/search-courses/`: one page of results with the facets' counts. */
export function courseSearchQuery(api: ApiClient, params: SearchPageParams) {
  const { q, page, category, level, price, language, rating, sort } = params;
  return queryOptions({
    queryKey: ['course-search', { q, page, category, level, price, language, rating, sort }],
    queryFn: ({ signal }) =>
      api.get<CourseSearchResponse>('/search-courses/', {
        params: { q, page, page_size: SEARCH_PAGE_SIZE, category, level, price, language, rating, sort },
        signal,
      }),
    // Results rendered by the server are not fetched again on hydration, nor when the user
    // comes back to a search within the minute (catalog data may be that old, decision 0009).
    staleTime: 60_000,
  });
}

/** `GET /api-2.0/search-autocomplete/`: course titles for what is being typed in the header box. */
export async function fetchSearchSuggestions(
  api: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<SearchSuggestion[]> {
  return (await api.get<SearchSuggestionsResponse>('/search-autocomplete/', { params: { q }, signal }))
    .results;
}

/**
 * What the search page reads at its first render, fetched with the very options it uses, so
 * a server render has the results in its first HTML (and the browser's hydration finds them
 * in the cache). Resolves with the results (to preload their prices, for instance).
 */
export function prefetchSearchPage(
  queryClient: QueryClient,
  api: ApiClient,
  url: URL,
): Promise<CourseSearchResponse> {
  return queryClient.fetchQuery(courseSearchQuery(api, readSearchParams(url.search)));
}
