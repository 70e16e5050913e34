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
}

/** A page of a paginated listing (platform §3): the client follows `next` until it is null. */
export interface PaginatedResponse<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type CourseListResponse = PaginatedResponse<CourseSummary>;
