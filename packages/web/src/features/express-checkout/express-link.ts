import { PAGE_ROUTES } from '@lectern/domain';

/** What an express checkout link (`/express/?course_id=&coupon_code=&gift=1`) asks to buy. */
export interface ExpressRequest {
  courseId: number;
  codes: string[];
  /** The course as a gift for someone else (bought alone, not with the cart). */
  gift: boolean;
}

const ID = /^[1-9]\d{0,9}$/;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checkout §7's express checkout of one course: the course and optional code of its link, or
 * null when the link names no course. A malformed code is left out (the cart would refuse it).
 */
export function parseExpressLink(search: string): ExpressRequest | null {
  const params = new URLSearchParams(search);
  const id = params.get('course_id')?.trim() ?? '';
  if (!ID.test(id) || Number(id) > 2_147_483_647) return null;
  const code = params.get('coupon_code')?.trim() ?? '';
  return { courseId: Number(id), codes: CODE.test(code) ? [code] : [], gift: params.get('gift') === '1' };
}

/** The express checkout link of a course (with a code to apply, when given; as a gift). */
export function expressLink(
  courseId: number,
  couponCode?: string | null,
  { gift = false }: { gift?: boolean } = {},
): string {
  const params = new URLSearchParams({ course_id: String(courseId) });
  if (couponCode) params.set('coupon_code', couponCode);
  if (gift) params.set('gift', '1');
  return `${PAGE_ROUTES.express}?${params.toString()}`;
}
