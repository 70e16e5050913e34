import {
  PAGE_ROUTES,
  type AdminBulkCodesInput,
  type AdminBulkCodesResult,
  type AdminCampaign,
  type AdminCodeDetail,
  type AdminCodeInput,
  type AdminCodeRow,
  type AdminCourseDetail,
  type AdminCourseInput,
  type AdminCoursePreview,
  type AdminCourseRow,
  type AdminCurriculumInput,
  type AdminInstructor,
  type AdminInstructorInput,
  type AdminPage,
  type AdminPricePreview,
  type AdminPriceTiersResponse,
  type CourseCategoryListResponse,
  type CourseStatus,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, defaultHeaders, type ApiClient } from '../../platform/api';

/** The staff pages of a course and a code. */
export const adminCoursePath = (id: number) => PAGE_ROUTES.adminCourse.replace(':id', String(id));
export const adminCodePath = (id: number) => PAGE_ROUTES.adminCode.replace(':id', String(id));

/** Query text as the URL has it: only the keys with a value. */
const paramsOf = (search: URLSearchParams) =>
  Object.fromEntries([...search].filter(([, value]) => value !== ''));

export function adminCoursesQuery(api: ApiClient, search: URLSearchParams) {
  const params = paramsOf(search);
  return queryOptions({
    queryKey: ['admin', 'courses', params],
    queryFn: ({ signal }) => api.get<AdminPage<AdminCourseRow>>('/admin/courses/', { params, signal }),
  });
}

export function adminCourseQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'course', id],
    queryFn: ({ signal }) => api.get<AdminCourseDetail>(`/admin/courses/${id}/`, { signal }),
  });
}

export function adminCoursePreviewQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'course', id, 'preview'],
    queryFn: ({ signal }) => api.get<AdminCoursePreview>(`/admin/courses/${id}/preview/`, { signal }),
  });
}

/** The public category tree (ids, titles, subcategories): the forms' and filters' choices. */
export function categoriesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: async ({ signal }) =>
      (await api.get<CourseCategoryListResponse>('/course-categories/', { signal })).results,
    staleTime: 5 * 60_000,
  });
}

export function priceTiersQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'price-tiers'],
    queryFn: ({ signal }) => api.get<AdminPriceTiersResponse>('/admin/price-tiers/', { signal }),
    staleTime: 60_000,
  });
}

export function instructorsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'instructors'],
    queryFn: async ({ signal }) =>
      (await api.get<{ results: AdminInstructor[] }>('/admin/instructors/', { signal })).results,
  });
}

export function pricePreviewQuery(
  api: ApiClient,
  courseId: number,
  params: { country: string; secondary_location?: string; price_tier_id?: number },
) {
  return queryOptions({
    queryKey: ['admin', 'course', courseId, 'price-preview', params],
    queryFn: ({ signal }) =>
      api.get<AdminPricePreview>(`/admin/courses/${courseId}/price-preview/`, {
        params: Object.fromEntries(
          Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
        ),
        signal,
      }),
    retry: false,
  });
}

export const createCourse = (api: ApiClient, input: AdminCourseInput) =>
  api.post<AdminCourseDetail>('/admin/courses/', input);
export const updateCourse = (api: ApiClient, id: number, input: AdminCourseInput) =>
  api.put<AdminCourseDetail>(`/admin/courses/${id}/`, input);
export const setCourseStatus = (api: ApiClient, id: number, status: CourseStatus) =>
  api.post<AdminCourseDetail>(`/admin/courses/${id}/status/`, { status });
export const saveCurriculum = (api: ApiClient, id: number, input: AdminCurriculumInput) =>
  api.put<AdminCourseDetail>(`/admin/courses/${id}/curriculum/`, input);
export const removeCover = (api: ApiClient, id: number) =>
  api.delete<AdminCourseDetail>(`/admin/courses/${id}/cover/`);
export const setCoursePrice = (
  api: ApiClient,
  id: number,
  input: { price_tier_id: number; effective_at?: string | null },
) => api.put<AdminCourseDetail>(`/admin/courses/${id}/price/`, input);
export const cancelScheduledPrice = (api: ApiClient, id: number, changeId: number) =>
  api.post<AdminCourseDetail>(`/admin/courses/${id}/price-changes/${changeId}/cancel/`);
export const createInstructor = (api: ApiClient, input: AdminInstructorInput) =>
  api.post<AdminInstructor>('/admin/instructors/', input);

/**
 * `PUT /api-2.0/admin/courses/:id/cover/` with the image itself as the body (the API client
 * sends JSON only): the same headers (CSRF token, language), the same error contract.
 */
export async function uploadCover(id: number, file: File): Promise<AdminCourseDetail> {
  let response: Response;
  try {
    response = await fetch(`/api-2.0/admin/courses/${id}/cover/`, {
      method: 'PUT',
      headers: { ...defaultHeaders('PUT', document.cookie, navigator.languages), 'Content-Type': file.type },
      body: file,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw ApiError.withoutResponse('network', error);
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch {
    payload = text;
  }
  if (!response.ok) throw ApiError.fromResponse(response.status, payload);
  return payload as AdminCourseDetail;
}

export function adminCodesQuery(api: ApiClient, search: URLSearchParams) {
  const params = paramsOf(search);
  return queryOptions({
    queryKey: ['admin', 'codes', params],
    queryFn: ({ signal }) => api.get<AdminPage<AdminCodeRow>>('/admin/codes/', { params, signal }),
  });
}

export function adminCodeQuery(api: ApiClient, id: number, usagePage: number) {
  return queryOptions({
    queryKey: ['admin', 'code', id, usagePage],
    queryFn: ({ signal }) =>
      api.get<AdminCodeDetail>(`/admin/codes/${id}/`, {
        params: usagePage > 1 ? { usage_page: usagePage } : {},
        signal,
      }),
  });
}

export function campaignsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'campaigns'],
    queryFn: async ({ signal }) =>
      (await api.get<{ results: AdminCampaign[] }>('/admin/codes/campaigns/', { signal })).results,
  });
}

export const createCode = (api: ApiClient, input: AdminCodeInput) =>
  api.post<AdminCodeDetail>('/admin/codes/', input);
export const generateCodes = (api: ApiClient, input: AdminBulkCodesInput) =>
  api.post<AdminBulkCodesResult>('/admin/codes/bulk/', input);
export const deactivateCode = (api: ApiClient, id: number) =>
  api.post<AdminCodeDetail>(`/admin/codes/${id}/deactivate/`);

/** The download address of a campaign's CSV (relative to the site). */
export const campaignCsvHref = (campaign: string) =>
  `/api-2.0/admin/codes/campaigns/${encodeURIComponent(campaign)}/export/?format=csv`;
