import type { Money } from '../money/money.js';

/** One course in `GET /api-2.0/courses/`. */
export interface CourseSummary {
  id: number;
  title: string;
  headline: string;
  /** The course landing page. */
  url: string;
  image_url: string | null;
  visible_instructors: { display_name: string }[];
  avg_rating_recent: number;
  num_reviews: number;
  num_subscribers: number;
  primary_category: { title: string };
  /** Integer minor units in the visitor's price currency (design §3). */
  price: Money;
  /** The price as the server formats it for the visitor ("Free" for zero). */
  price_text: string;
  /** Whether the signed-in user owns the course; absent for visitors. */
  is_enrolled?: boolean;
}

/** A page of a paginated listing (platform §3): the client follows `next` until it is null. */
export interface PaginatedResponse<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type CourseListResponse = PaginatedResponse<CourseSummary>;

/**
 * `GET /api-2.0/courses/{id or slug}/?fields[course]=id,title,...`: the course landing page
 * and the analytics fields of platform §3. Only the requested fields are present (all of
 * them without `fields[course]`); an unknown field name is a 400.
 */
export interface CourseDetail {
  id: number;
  title: string;
  slug: string;
  headline: string;
  url: string;
  image_url: string | null;
  /** The label analytics reads (platform §3): the course's primary subcategory, else its category. */
  context_info: { label: { display_name: string } };
  primary_category: { title: string; slug: string };
  primary_subcategory: { title: string } | null;
  avg_rating_recent: number;
  num_reviews: number;
  visible_instructors: { display_name: string; job_title: string }[];
  /** e.g. `{ locale: "en_US", title: "English (United States)" }` */
  locale: { locale: string; title: string };
  /** Minutes of content. */
  estimated_content_length: number;
  num_subscribers: number;
  price: Money;
  price_text: string;
  /** Present for a signed-in user only. */
  is_enrolled?: boolean;
}

export const COURSE_DETAIL_FIELDS = [
  'id',
  'title',
  'slug',
  'headline',
  'url',
  'image_url',
  'context_info',
  'primary_category',
  'primary_subcategory',
  'avg_rating_recent',
  'num_reviews',
  'visible_instructors',
  'locale',
  'estimated_content_length',
  'num_subscribers',
  'price',
  'price_text',
  'is_enrolled',
] as const satisfies readonly (keyof CourseDetail)[];
export type CourseDetailField = (typeof COURSE_DETAIL_FIELDS)[number];

/** The platform §3 analytics selection the browser asks for. */
export const COURSE_ANALYTICS_FIELDS = [
  'id',
  'title',
  'context_info',
  'primary_category',
  'primary_subcategory',
  'avg_rating_recent',
  'visible_instructors',
  'locale',
  'estimated_content_length',
  'num_subscribers',
] as const satisfies readonly CourseDetailField[];

/** One top-level category in `GET /api-2.0/course-categories/`. */
export interface CourseCategory {
  id: number;
  slug: string;
  title: string;
  /** The category page, `/courses/{slug}/`. */
  url: string;
  /** Published, public courses whose primary category this is. */
  num_courses: number;
  subcategories: { id: number; slug: string; title: string }[];
}

export type CourseCategoryListResponse = PaginatedResponse<CourseCategory>;

/** `GET /api-2.0/users/me/subscribed-courses/`: the signed-in user's courses, newest enrollment first. */
export interface SubscribedCourse extends CourseSummary {
  /** ISO time of the enrollment. */
  enrolled: string;
}

export type SubscribedCourseListResponse = PaginatedResponse<SubscribedCourse>;
