import {
  CART_MESSAGES,
  bestDiscount,
  discountedPrice,
  removedCodesMessage,
  type DiscountAttempt,
  type Money,
} from '@lectern/domain';
import { validationError } from '../../platform/http/http-error.js';
import type { CartCourse } from '../catalog/catalog.service.js';
import { couponCoversCourse, couponDiscountIn, type Coupon } from '../coupons/coupons.service.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import type { CartSnapshot } from './carts.repository.js';

/** The most codes one cart keeps applied. */
export const MAX_STORED_CODES = 10;

type BadStatus = Exclude<DiscountAttempt['status'], 'valid'>;

/** What pricing a cart needs besides the cart itself, read by the service in a fixed number of queries. */
export interface CartFacts {
  courses: Map<number, CartCourse>;
  /** Coupons of the stored and requested codes, by code (absent: no such code). */
  coupons: Map<string, Coupon>;
  available: Coupon[];
  tierAmounts: Map<number, Money>;
  credit: Money | null;
  owned: Set<number>;
  pricing: PricingContext;
}

/** The coupons of `codes` that are valid now, in the codes' order. */
export const usableCoupons = (codes: readonly string[], facts: CartFacts): Coupon[] =>
  codes
    .map((code) => facts.coupons.get(code))
    .filter((coupon) => coupon !== undefined && coupon.validity === 'valid') as Coupon[];

/** The price of one course after the best of the given coupons that covers it. */
export function priceOf(course: CartCourse, usable: readonly Coupon[], facts: CartFacts) {
  const candidates = usable
    .filter((coupon) => couponCoversCourse(coupon, course))
    .map((coupon) => ({ coupon, discount: couponDiscountIn(coupon, facts.tierAmounts) }))
    .filter((candidate) => candidate.discount !== null)
    .map((candidate) => ({ coupon: candidate.coupon, discount: candidate.discount! }));
  const best = bestDiscount(course.listPrice, candidates);
  return best ? { price: best.price, coupon: best.coupon.coupon } : { price: course.listPrice, coupon: null };
}

/** True when the coupon lowers the price of at least one of the courses. */
function lowersAny(coupon: Coupon, courseIds: Iterable<number>, facts: CartFacts): boolean {
  const discount = couponDiscountIn(coupon, facts.tierAmounts);
  if (!discount) return false;
  for (const id of courseIds) {
    const course = facts.courses.get(id);
    if (!course || !couponCoversCourse(coupon, course)) continue;
    if (discountedPrice(course.listPrice, discount).amount < course.listPrice.amount) return true;
  }
  return false;
}

/** Stored codes split into those still usable and those that became bad (reported once, then dropped). */
export function recheckStoredCodes(snapshot: CartSnapshot | null, facts: CartFacts) {
  const keep: string[] = [];
  const dropped: DiscountAttempt[] = [];
  for (const code of snapshot?.codes ?? []) {
    const status = facts.coupons.get(code)?.validity ?? 'invalid';
    if (status === 'valid') keep.push(code);
    else dropped.push({ code, status, detail: removedCodesMessage([code], status) });
  }
  return { keep, dropped };
}

/**
 * Evaluates requested codes for the cart. Valid codes are kept (after the stored ones,
 * without duplicates); the others are reported with their status and platform §8 text.
 * A valid code that lowers no price among `against` (when there is something to buy) is
 * reported invalid: "not valid for this course".
 */
export function evaluateCodes(
  requested: readonly string[],
  keep: string[],
  facts: CartFacts,
  against: number[],
  /** Counts the refused codes of this evaluation (a retried change evaluates again). */
  tally: { refused: number },
): { codes: string[]; attempts: DiscountAttempt[] } {
  const codes = [...keep];
  const attempts: DiscountAttempt[] = [];
  tally.refused = 0;
  const refuse = (code: string, status: BadStatus, detail: string) => {
    attempts.push({ code, status, detail });
    tally.refused += 1;
  };
  for (const code of requested) {
    const coupon = facts.coupons.get(code);
    const status = coupon?.validity ?? 'invalid';
    if (status !== 'valid') refuse(code, status, removedCodesMessage([code], status));
    else if (against.length > 0 && !lowersAny(coupon!, against, facts))
      refuse(code, 'invalid', CART_MESSAGES.codeNotValidForCourse);
    else if (!codes.includes(code)) codes.push(code);
  }
  if (codes.length > MAX_STORED_CODES) {
    throw validationError(
      { codes: [`A cart keeps at most ${MAX_STORED_CODES} codes.`] },
      `A cart keeps at most ${MAX_STORED_CODES} codes; remove one first.`,
    );
  }
  return { codes, attempts };
}
