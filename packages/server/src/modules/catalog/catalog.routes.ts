import type { CourseListResponse } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { CatalogService } from './catalog.service.js';

const listQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1, 'page starts at 1.').default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number.' })
    .int()
    .min(1, 'page_size must be between 1 and 100.')
    .max(100, 'page_size must be between 1 and 100.')
    .default(20),
  category: z.string().trim().max(80).optional(),
  search: z.string().trim().max(200, 'search is at most 200 characters.').optional(),
});

/** Link to another page of the same listing, keeping the other query parameters. */
function pageLink(url: string, page: number): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  userContext: UserContextService;
}> = async (app, { catalog, userContext }) => {
  app.get(
    '/api-2.0/courses/',
    { schema: { querystring: listQuery } },
    async (request): Promise<CourseListResponse> => {
      const { page, page_size: size, category, search } = request.query;
      const pricing = await userContext.pricingContextOf(request);
      const { count, results } = await catalog.listCourses(
        { categorySlug: category, search: search || undefined },
        { number: page, size },
        pricing.currency,
        pricing.intlLocale,
      );
      const hasNext = page * size < count;
      return {
        count,
        next: hasNext ? pageLink(request.url, page + 1) : null,
        previous: page > 1 ? pageLink(request.url, page - 1) : null,
        results,
      };
    },
  );
};
