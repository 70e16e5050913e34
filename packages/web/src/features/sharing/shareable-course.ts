import type { CourseDetail, ShareableObject } from '@lectern/domain';

/**
 * A course as sharing sees it (platform §3: id, title, is_private). `CourseDetail` carries no
 * `is_private`: `GET /api-2.0/courses/{id or slug}/` answers published public courses only
 * (404 for private ones), so a course the landing page received is public. A flag the server
 * does send is honoured, so private courses stay unshared if they ever become viewable.
 */
export function shareableCourse(course: CourseDetail & { is_private?: boolean }): ShareableObject {
  return { id: course.id, title: course.title, is_private: course.is_private ?? false };
}
