import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import type { CourseListResponse } from '@lectern/domain';

export const HOME_PAGE_SIZE = 12;

export function coursesQuery(api: ApiClient, page = 1, pageSize = HOME_PAGE_SIZE) {
  return queryOptions({
    queryKey: ['courses', { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get<CourseListResponse>('/courses/', { params: { page, page_size: pageSize }, signal }),
  });
}
