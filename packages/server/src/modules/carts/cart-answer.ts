import {
  subtractMoney,
  toApiPrice,
  type CartSessionResponse,
  type DiscountAttempt,
  type ListItem,
  type ShoppingListName,
} from '@lectern/domain';
import { etagOf } from './cart-etag.js';
import { priceOf, usableCoupons, type CartFacts } from './cart-pricing.js';
import type { CartSnapshot } from './carts.repository.js';

export interface CartAnswer {
  etag: string;
  body: CartSessionResponse;
}

/**
 * The platform §7 cart session as the buyer sees it: each list's items priced with the best
 * of the cart's usable codes, the unseen counts, the codes' attempts (the usable ones first,
 * unless this answer reports them), the user's credit and the public coupons.
 */
export function cartAnswer(
  userId: number | null,
  snapshot: CartSnapshot | null,
  facts: CartFacts,
  attempts: readonly DiscountAttempt[],
): CartAnswer {
  const locale = facts.pricing.intlLocale;
  const usable = usableCoupons(snapshot?.codes ?? [], facts);
  const lists: Record<ShoppingListName, ListItem[]> = {
    cart: [],
    express: [],
    saved_for_later: [],
    wishlist: [],
  };
  const unseen: Record<ShoppingListName, number> = { cart: 0, express: 0, saved_for_later: 0, wishlist: 0 };
  for (const item of snapshot?.items ?? []) {
    const course = facts.courses.get(item.courseId);
    if (!course) continue;
    const { price, coupon } = priceOf(course, usable, facts);
    lists[item.list].push({
      buyable: {
        id: item.courseId,
        buyable_object_type: item.buyableType,
        course: {
          id: course.id,
          title: course.title,
          url: course.url,
          image_url: null,
          visible_instructors: course.visibleInstructors,
        },
      },
      purchase_price: toApiPrice(price, locale),
      list_price: toApiPrice(course.listPrice, locale),
      current_discount: coupon
        ? {
            code: coupon.code,
            saving_price: toApiPrice(subtractMoney(course.listPrice, price), locale, {
              freeWhenZero: false,
            }),
          }
        : null,
    });
    if (!item.seen) unseen[item.list] += 1;
  }
  const reported = new Set(attempts.map((attempt) => attempt.code));
  return {
    etag: etagOf(snapshot),
    body: {
      cart: lists.cart,
      express: lists.express,
      saved_for_later: lists.saved_for_later,
      wishlist: lists.wishlist,
      cart_unseen_count: unseen.cart,
      express_unseen_count: unseen.express,
      saved_for_later_unseen_count: unseen.saved_for_later,
      wishlist_unseen_count: unseen.wishlist,
      discount_attempts: [
        ...usable
          .filter((coupon) => !reported.has(coupon.code))
          .map((coupon): DiscountAttempt => ({ code: coupon.code, status: 'valid' })),
        ...attempts,
      ],
      user:
        userId === null
          ? null
          : {
              id: userId,
              credit: toApiPrice(facts.credit ?? { amount: 0, currency: facts.pricing.currency }, locale, {
                freeWhenZero: false,
              }),
            },
      available_coupon_info: {
        coupons: facts.available.map((coupon) => ({
          code: coupon.code,
          description: coupon.description,
          ends_at: coupon.endsAt?.toISOString() ?? null,
        })),
      },
    },
  };
}
