/** One course in `GET /api-2.0/courses/` (the fields the catalog cards read). */
export interface CourseSummary {
  id: number;
  title: string;
  headline: string;
  url: string;
  image_url: string | null;
  visible_instructors: { display_name: string }[];
  avg_rating_recent: number;
  num_reviews: number;
  num_subscribers: number;
  primary_category: { title: string };
  /** Integer minor units (design §3). */
  price: { amount: number; currency: string };
  /** The price as the server formats it for the visitor. */
  price_text: string;
}

export interface CourseListResponse {
  count: number;
  next: string | null;
  previous: string | null;
  results: CourseSummary[];
}
