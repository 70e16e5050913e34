import type { CouponValidity } from '../coupons/coupon-rules.js';
import type { ApiPrice } from '../pricing/price-contract.js';

/** Platform §9: the four server-side shopping lists. */
export const SHOPPING_LISTS = ['cart', 'express', 'saved_for_later', 'wishlist'] as const;
export type ShoppingListName = (typeof SHOPPING_LISTS)[number];

/** Platform §3: what can be bought. A license or gift holds the course it is for. */
export const BUYABLE_TYPES = ['course', 'license', 'gift'] as const;
export type BuyableType = (typeof BUYABLE_TYPES)[number];

/** The most items one list may hold. */
export const SHOPPING_LIST_MAX_ITEMS = 100;

/** Platform §9: the browser refetches the cart every 90 minutes; its cache expires after 30 days. */
export const CART_REFETCH_INTERVAL_MS = 5_400_000;
export const CART_CACHE_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;
/** Platform §4: 412 and 409 are retried up to 3 times after a refetch. */
export const CART_CONFLICT_RETRY_LIMIT = 3;

/** The course as a list item shows it. */
export interface BuyableCourse {
  id: number;
  title: string;
  url: string;
  image_url: string | null;
  visible_instructors: { display_name: string }[];
}

export interface Buyable {
  id: number;
  buyable_object_type: BuyableType;
  /** For `course` the course itself; for `license` and `gift` the course they are for. */
  course: BuyableCourse;
}

/** A buyable as the browser names it in writes. */
export interface BuyableRef {
  id: number;
  buyable_object_type: BuyableType;
}

export interface ListItem {
  buyable: Buyable;
  purchase_price: ApiPrice;
  list_price: ApiPrice;
  current_discount: { code: string; saving_price: ApiPrice } | null;
}

/** Platform §3 discount attempt; `valid` marks a code that is applied (platform §4 success rule). */
export interface DiscountAttempt {
  code: string;
  status: CouponValidity;
  /**
   * For a refused code, the sentence of platform §8 the server chose (plain text, e.g.
   * "BADCODE is invalid, and has been removed."). Absent for `valid`.
   */
  detail?: string;
}

export interface AvailableCoupon {
  code: string;
  /** e.g. "10% off everything" */
  description: string;
  ends_at: string | null;
}

/**
 * `GET /api-2.0/shopping-carts/me/` and the answer of every cart write (platform §3, §7).
 * The `ETag` header carries the version; writes must send it back in `If-Match`.
 */
export interface CartSessionResponse {
  cart: ListItem[];
  express: ListItem[];
  saved_for_later: ListItem[];
  wishlist: ListItem[];
  cart_unseen_count: number;
  express_unseen_count: number;
  saved_for_later_unseen_count: number;
  wishlist_unseen_count: number;
  discount_attempts: DiscountAttempt[];
  /** Null for a visitor who is not logged in. */
  user: { id: number; credit: ApiPrice } | null;
  available_coupon_info: { coupons: AvailableCoupon[] };
}

/** `POST /api-2.0/shopping-carts/me/{list}/` */
export interface AddToListBody {
  buyables: BuyableRef[];
  /** Where the add happened (e.g. "course_landing_page"), for analytics. */
  context?: string;
}

/** `POST /api-2.0/shopping-carts/me/discounts/` */
export interface ApplyCodesBody {
  codes: string[];
}

/** `POST /api-2.0/shopping-carts/me/express/` ("Buy now") */
export interface ExpressBody {
  buyables: BuyableRef[];
  codes?: string[];
}

/** Platform §3 checkout item data: one entry of the frozen checkout list (session storage). */
export interface CheckoutItemData {
  buyableType: BuyableType;
  buyableId: number;
  licenseId?: number;
  giftId?: number;
  purchasePrice: ApiPrice;
  discountInfo: { code: string } | null;
}
