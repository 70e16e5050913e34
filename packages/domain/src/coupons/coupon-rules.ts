import type { Money } from '../money/money.js';
import { money } from '../money/money.js';

/**
 * How a coupon changes a price. `target_price` sets the price to a price tier's amount in
 * the item's currency (the server resolves the tier to `targetAmount`).
 */
export type CouponDiscount =
  | { kind: 'percentage'; percent: number }
  | { kind: 'fixed_amount'; amount: Money }
  | { kind: 'target_price'; targetAmount: Money };

export type CouponValidity = 'valid' | 'invalid' | 'expired' | 'sold_out';

/**
 * Whether a coupon can be used at `now`: a code staff deactivated is invalid, as is one before
 * its start (not yet usable); after its end it is expired; it is sold out once reservations and
 * uses reach its limit, and for one buyer once theirs reach the per-buyer limit (`buyerUses`:
 * that buyer's paid uses and live reservations; unknown buyers are not limited).
 */
export function couponValidity(
  coupon: {
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    usesTaken: number;
    deactivatedAt?: Date | null;
    perBuyerLimit?: number | null;
    buyerUses?: number | null;
  },
  now: Date,
): CouponValidity {
  if (coupon.deactivatedAt) return 'invalid';
  if (coupon.startsAt && now < coupon.startsAt) return 'invalid';
  if (coupon.endsAt && now >= coupon.endsAt) return 'expired';
  if (coupon.usageLimit !== null && coupon.usesTaken >= coupon.usageLimit) return 'sold_out';
  const { perBuyerLimit, buyerUses } = coupon;
  if (perBuyerLimit != null && buyerUses != null && buyerUses >= perBuyerLimit) return 'sold_out';
  return 'valid';
}

/** Which courses a coupon applies to: every course, the listed ones, or a category's. */
export type CouponScope =
  | { scope: 'all' }
  | { scope: 'courses'; courseIds: ReadonlySet<number> }
  | { scope: 'category'; categoryId: number };

/**
 * Whether a coupon's scope covers a course. `categoryIds` are the course's categories: its
 * category, its subcategory and their parents, so a category's coupon covers the courses of its
 * subcategories too.
 */
export function couponScopeCovers(
  scope: CouponScope,
  course: { id: number; categoryIds: readonly number[] },
): boolean {
  switch (scope.scope) {
    case 'all':
      return true;
    case 'courses':
      return scope.courseIds.has(course.id);
    case 'category':
      return course.categoryIds.includes(scope.categoryId);
  }
}

/** Half-up rounding of a non-negative rational amount of minor units (design §3). */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The price after one coupon, never below zero and never above the list price; a coupon
 * in another currency (fixed amount, target price) does not apply and leaves the price.
 */
export function discountedPrice(listPrice: Money, discount: CouponDiscount): Money {
  switch (discount.kind) {
    case 'percentage': {
      const percent = Math.min(100, Math.max(0, discount.percent));
      // Work in hundredths of a percent so 12.5% stays exact.
      const off = roundHalfUp(listPrice.amount * Math.round(percent * 100), 10_000);
      return money(listPrice.amount - off, listPrice.currency);
    }
    case 'fixed_amount':
      if (discount.amount.currency !== listPrice.currency) return listPrice;
      return money(Math.max(0, listPrice.amount - discount.amount.amount), listPrice.currency);
    case 'target_price':
      if (discount.targetAmount.currency !== listPrice.currency) return listPrice;
      return money(Math.min(listPrice.amount, Math.max(0, discount.targetAmount.amount)), listPrice.currency);
  }
}

/**
 * Each item gets the best valid discount (issue: cart): the coupon giving the lowest
 * price; ties go to the earlier coupon. Returns null when no coupon lowers the price.
 */
export function bestDiscount<C extends { discount: CouponDiscount }>(
  listPrice: Money,
  coupons: readonly C[],
): { coupon: C; price: Money } | null {
  let best: { coupon: C; price: Money } | null = null;
  for (const coupon of coupons) {
    const price = discountedPrice(listPrice, coupon.discount);
    if (price.amount < listPrice.amount && (!best || price.amount < best.price.amount))
      best = { coupon, price };
  }
  return best;
}
