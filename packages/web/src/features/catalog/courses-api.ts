import type {
  CourseCategoryListResponse,
  CourseDetail,
  CourseListResponse,
  CourseSummary,
  SubscribedCourseListResponse,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '../../platform/api';

/** A course as cards and the landing page show it (`is_enrolled` for a signed-in user). */
export type CatalogCourse = CourseSummary;

export const HOME_PAGE_SIZE = 12;
export const CATEGORY_PAGE_SIZE = 12;

export interface CourseListFilter {
  page?: number;
  pageSize?: number;
  category?: string;
  search?: string;
}

export function coursesQuery(
  api: ApiClient,
  { page = 1, pageSize = HOME_PAGE_SIZE, category, search }: CourseListFilter = {},
) {
  return queryOptions({
    queryKey: ['courses', { page, pageSize, category, search }],
    queryFn: ({ signal }) =>
      api.get<CourseListResponse>('/courses/', {
        params: { page, page_size: pageSize, category, search },
        signal,
      }),
  });
}

export function categoriesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['course-categories'],
    queryFn: async ({ signal }) =>
      (await api.get<CourseCategoryListResponse>('/course-categories/', { signal })).results,
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * The course of a landing page, `GET /api-2.0/courses/<slug>/` (the detail endpoint takes an
 * id or a slug); null when there is no such course.
 */
export function courseBySlugQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['course-by-slug', slug],
    queryFn: async ({ signal }): Promise<CourseDetail | null> => {
      try {
        return await api.get<CourseDetail>(`/courses/${encodeURIComponent(slug)}/`, { signal });
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },
  });
}

export const MY_COURSES_PAGE_SIZE = 12;

/** Every page of the owned courses: what a purchase or a refund makes stale. */
export const SUBSCRIBED_COURSES_QUERY_KEY = ['subscribed-courses'] as const;

/** The courses the signed-in user owns, newest enrollment first, a page at a time. */
export function subscribedCoursesQuery(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...SUBSCRIBED_COURSES_QUERY_KEY, page],
    queryFn: ({ signal }) =>
      api.get<SubscribedCourseListResponse>('/users/me/subscribed-courses/', {
        params: { page, page_size: MY_COURSES_PAGE_SIZE },
        signal,
      }),
  });
}
