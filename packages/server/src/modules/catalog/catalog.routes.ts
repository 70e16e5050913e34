import {
  COURSE_DETAIL_FIELDS,
  type CourseCategoryListResponse,
  type CourseDetail,
  type CourseDetailField,
  type CourseListResponse,
  type SubscribedCourseListResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { isDatabaseId } from '../../platform/http/database-id.js';
import { notFound } from '../../platform/http/http-error.js';
import { pageLinks, pageQuery } from '../../platform/http/pagination.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { CatalogService } from './catalog.service.js';

const listQuery = z.object({
  ...pageQuery,
  category: z.string().trim().max(80).optional(),
  search: z.string().trim().max(200, 'search is at most 200 characters.').optional(),
});

const KNOWN_FIELDS = new Set<string>(COURSE_DETAIL_FIELDS);

const detailQuery = z.object({
  'fields[course]': z
    .string()
    .max(1000)
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const names = [
        ...new Set(
          value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((name) => !KNOWN_FIELDS.has(name));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. Known fields: ${COURSE_DETAIL_FIELDS.join(', ')}.`,
        });
        return z.NEVER;
      }
      return names as CourseDetailField[];
    }),
});

// A course is addressed by its id or by its slug (the landing page knows only the slug).
const detailParams = z.object({ id: z.string().max(120) });
const COURSE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  userContext: UserContextService;
  orders: OrdersService;
}> = async (app, { catalog, userContext, orders }) => {
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
      if (request.userId !== null) {
        const owned = await orders.enrolledCourseIds(
          request.userId,
          results.map((course) => course.id),
        );
        for (const course of results) course.is_enrolled = owned.has(course.id);
      }
      return { count, ...pageLinks(request.url, page, size, count), results };
    },
  );

  app.get(
    '/api-2.0/courses/:id/',
    { schema: { params: detailParams, querystring: detailQuery } },
    async (request): Promise<Partial<CourseDetail>> => {
      const { id } = request.params;
      const key = isDatabaseId(id) ? { id: Number(id) } : COURSE_SLUG.test(id) ? { slug: id } : null;
      const pricing = await userContext.pricingContextOf(request);
      const course = key && (await catalog.courseDetail(key, pricing.currency, pricing.intlLocale));
      if (!course) throw notFound('No such course.');
      const fields = request.query['fields[course]'] ?? COURSE_DETAIL_FIELDS;
      if (request.userId !== null && fields.includes('is_enrolled')) {
        course.is_enrolled = (await orders.enrolledCourseIds(request.userId, [course.id])).has(course.id);
      }
      const selected: Partial<Record<CourseDetailField, unknown>> = {};
      for (const field of fields) if (course[field] !== undefined) selected[field] = course[field];
      return selected as Partial<CourseDetail>;
    },
  );

  app.get('/api-2.0/course-categories/', async (): Promise<CourseCategoryListResponse> => {
    const results = await catalog.categories();
    return { count: results.length, next: null, previous: null, results };
  });

  app.get(
    '/api-2.0/users/me/subscribed-courses/',
    { config: SIGNED_IN, schema: { querystring: z.object(pageQuery) } },
    async (request): Promise<SubscribedCourseListResponse> => {
      const userId = requireUserId(request);
      const { page, page_size: size } = request.query;
      const pricing = await userContext.pricingContextOf(request);
      const { count, results: enrollments } = await orders.enrollmentsOf(userId, { number: page, size });
      const summaries = await catalog.summariesOf(
        enrollments.map((e) => e.courseId),
        pricing.currency,
        pricing.intlLocale,
      );
      const enrolledAt = new Map(enrollments.map((e) => [e.courseId, e.enrolledAt]));
      return {
        count,
        ...pageLinks(request.url, page, size, count),
        results: summaries.map((course) => ({
          ...course,
          is_enrolled: true,
          enrolled: enrolledAt.get(course.id)!.toISOString(),
        })),
      };
    },
  );
};
