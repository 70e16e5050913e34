import {
  DEFAULT_SEARCH_SORT,
  INSTRUCTIONAL_LEVELS,
  SEARCH_MIN_RATINGS,
  SEARCH_PRICES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SORTS,
  SEARCH_SUGGESTIONS_MAX,
  type CourseSearchResponse,
  type SearchMinRating,
  type SearchSuggestionsResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageLinks, pageQuery } from '../../platform/http/pagination.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { SearchService } from './search.service.js';

const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/** An empty filter (`level=`, as a form's "any" option sends it) is no filter. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const q = z
  .string({ error: 'q must be text.' })
  .max(SEARCH_QUERY_MAX_LENGTH, `q is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
  .default('');

const searchQuery = z.object({
  ...pageQuery,
  q,
  category: optional(
    z
      .string({ error: 'category must be a category slug.' })
      .max(80, 'category must be a category slug.')
      .regex(CATEGORY_SLUG, 'category must be a category slug.'),
  ),
  level: optional(
    z.enum(INSTRUCTIONAL_LEVELS, { error: `level must be one of ${INSTRUCTIONAL_LEVELS.join(', ')}.` }),
  ),
  price: optional(z.enum(SEARCH_PRICES, { error: `price must be one of ${SEARCH_PRICES.join(', ')}.` })),
  language: optional(
    z
      .string({ error: 'language must be a language code such as en or pt.' })
      .regex(LANGUAGE_CODE, 'language must be a language code such as en or pt.'),
  ),
  rating: optional(
    z.coerce
      .number({ error: `rating must be one of ${SEARCH_MIN_RATINGS.join(', ')}.` })
      .refine(
        (value): value is SearchMinRating => (SEARCH_MIN_RATINGS as readonly number[]).includes(value),
        {
          error: `rating must be one of ${SEARCH_MIN_RATINGS.join(', ')}.`,
        },
      ),
  ),
  sort: z
    .enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}.` })
    .default(DEFAULT_SEARCH_SORT),
});

export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  userContext: UserContextService;
  orders: OrdersService;
}> = async (app, { search, userContext, orders }) => {
  app.get(
    '/api-2.0/search-courses/',
    { schema: { querystring: searchQuery } },
    async (request): Promise<CourseSearchResponse> => {
      const { page, page_size: pageSize, rating, ...rest } = request.query;
      const pricing = await userContext.pricingContextOf(request);
      const { count, results, facets } = await search.search(
        { ...rest, page, pageSize, rating: rating as SearchMinRating | undefined },
        pricing.currency,
        pricing.intlLocale,
      );
      if (request.userId !== null && results.length > 0) {
        const owned = await orders.enrolledCourseIds(
          request.userId,
          results.map((course) => course.id),
        );
        for (const course of results) course.is_enrolled = owned.has(course.id);
      }
      return { count, ...pageLinks(request.url, page, pageSize, count), results, facets };
    },
  );

  app.get(
    '/api-2.0/search-autocomplete/',
    { schema: { querystring: z.object({ q }) } },
    async (request): Promise<SearchSuggestionsResponse> => ({
      results: await search.suggestions(request.query.q, SEARCH_SUGGESTIONS_MAX),
    }),
  );
};
