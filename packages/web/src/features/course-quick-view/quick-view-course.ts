import type { CourseDetail, CourseDetailField } from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

/** What the quick view box shows of a course and needs to put it in the cart or wishlist. */
export const QUICK_VIEW_FIELDS = [
  'id',
  'title',
  'headline',
  'url',
  'image_url',
  'visible_instructors',
  'price',
  'price_text',
  'is_enrolled',
  'estimated_content_length',
  'locale',
] as const satisfies readonly CourseDetailField[];

export type QuickViewCourse = Pick<CourseDetail, (typeof QUICK_VIEW_FIELDS)[number]>;

/** Coming back to a card within this time shows the same details again without asking. */
const DETAILS_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * The course's details for its quick view box, asked for when the visitor first comes to its
 * card (the page has only what its cards show): usually in before the box's delay has passed.
 */
export function fetchQuickViewCourse(api: ApiClient, courseId: number): Promise<QuickViewCourse> {
  return api.get<QuickViewCourse>(`/courses/${courseId}/`, {
    params: { 'fields[course]': QUICK_VIEW_FIELDS.join(',') },
    cache: { maxAgeMs: DETAILS_MAX_AGE_MS },
  });
}
