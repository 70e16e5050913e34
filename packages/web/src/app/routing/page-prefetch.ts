import type { PageRouteName } from '@lectern/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  categoriesQuery,
  CATEGORY_PAGE_SIZE,
  courseBySlugQuery,
  coursesQuery,
} from '../../features/catalog/courses-api';
import type { PricingClient } from '../../features/pricing/pricing-client';
import { lectureSearchQuery } from '../../features/search/lecture-search-api';
import { prefetchSearchPage, readSearchParams } from '../../features/search/search-api';
import { currentEnrollmentQuery, plansQuery } from '../../features/subscriptions/subscription-queries';
import type { ApiClient } from '../../platform/api';
import { currentPage } from '../../ui/pagination';
import { userContextQuery } from '../user-context/user-context-query';

export interface PagePrefetchContext {
  api: ApiClient;
  queryClient: QueryClient;
  pricing: PricingClient;
  /** The route's parameters, e.g. `{ slug }` of a course page. */
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
}

/** What a prefetch found out about the page: a course that does not exist is a 404. */
export interface PagePrefetchResult {
  status: 200 | 404;
}

type PagePrefetch = (context: PagePrefetchContext) => Promise<PagePrefetchResult>;

const FOUND: PagePrefetchResult = { status: 200 };

/**
 * The data each server-rendered page reads at its first render, fetched with the very query
 * options the page uses, so the first HTML already has it (and the browser's hydration finds
 * it in the cache). Prices are loaded too: no flash of a missing or wrong price. Pages not
 * listed render on the server with their shell and load their data in the browser (personal
 * pages, whose data the server must not cache or pre-compute).
 */
export const PAGE_PREFETCHES: Partial<Record<PageRouteName, PagePrefetch>> = {
  async home({ api, queryClient, pricing }) {
    const [courses] = await Promise.all([
      queryClient.fetchQuery(coursesQuery(api)),
      queryClient.prefetchQuery(categoriesQuery(api)),
    ]);
    await pricing.preload(courses.results.map((course) => course.id));
    return FOUND;
  },
  async category({ api, queryClient, pricing, params, url }) {
    const category = params.category ?? '';
    const [categories, courses] = await Promise.all([
      queryClient.fetchQuery(categoriesQuery(api)),
      queryClient.fetchQuery(
        coursesQuery(api, { page: currentPage(url.search), pageSize: CATEGORY_PAGE_SIZE, category }),
      ),
    ]);
    await pricing.preload(courses.results.map((course) => course.id));
    return { status: categories.some((candidate) => candidate.slug === category) ? 200 : 404 };
  },
  async courseSearch({ api, queryClient, pricing, url }) {
    const q = readSearchParams(url.search);
    // The lectures that match, beside the courses (a failure leaves them out, not the page).
    const lectures =
      q.q && q.page === 1 ? queryClient.prefetchQuery(lectureSearchQuery(api, q.q)) : Promise.resolve();
    const [results] = await Promise.all([prefetchSearchPage(queryClient, api, url), lectures]);
    await pricing.preload(results.results.map((course) => course.id));
    return FOUND;
  },
  async courseLanding({ api, queryClient, pricing, params }) {
    const course = await queryClient.fetchQuery(courseBySlugQuery(api, params.slug ?? ''));
    if (!course) return { status: 404 };
    await pricing.preload([course.id]);
    return FOUND;
  },
  async personalPlan({ api, queryClient }) {
    // A signed-in learner whose plan runs reads "You're subscribed" in the page's HTML (an island
    // page: its body is not rendered again in the browser).
    const running = queryClient
      .fetchQuery(userContextQuery(api))
      .then(({ me }) =>
        me?.is_authenticated ? queryClient.prefetchQuery(currentEnrollmentQuery(api)) : undefined,
      );
    await Promise.all([queryClient.prefetchQuery(plansQuery(api, 'CONSUMERSUBSCRIPTION')), running]);
    return FOUND;
  },
};

/** Prefetches a page's data; a page without a prefetch renders as it is. */
export async function prefetchPage(
  page: PageRouteName | undefined,
  context: PagePrefetchContext,
): Promise<PagePrefetchResult> {
  const prefetch = page ? PAGE_PREFETCHES[page] : undefined;
  return prefetch ? prefetch(context) : FOUND;
}
