import { BNPL_TIMELINE_FEATURE, GUEST_CHECKOUT_FEATURE } from './feature-flags.js';
import {
  AUTH_FULL_PAGE_REDIRECT_FEATURE,
  COURSE_CARD_PREFETCH_FEATURE,
  COURSE_CARDS_NEW_TAB_FEATURE,
  DELAY_QUICK_VIEW_FEATURE,
  HIDE_QUICK_VIEW_WISHLIST_FEATURE,
} from './storefront-flags.js';

/**
 * The features the specifications put under experiment, by code. A page's start-up context
 * carries the assignments of all of them (platform §7), so no page waits for a second call.
 * (Browser code imports the single constants of feature-flags.ts and storefront-flags.ts, so a
 * page carries only the codes it reads.)
 */
export const FEATURE_CODES = {
  bnplPaymentTimeline: BNPL_TIMELINE_FEATURE,
  dacOnCheckout: GUEST_CHECKOUT_FEATURE,
  /** Platform §9: the course cards' and sign-in flags. */
  courseCardPrefetch: COURSE_CARD_PREFETCH_FEATURE,
  delayCourseCardQuickViewBox: DELAY_QUICK_VIEW_FEATURE,
  hideWishlistButtonOnCourseCardQuickViewBox: HIDE_QUICK_VIEW_WISHLIST_FEATURE,
  courseCardsOpenInNewTab: COURSE_CARDS_NEW_TAB_FEATURE,
  authFullPageRedirect: AUTH_FULL_PAGE_REDIRECT_FEATURE,
} as const;

export type KnownFeatureCode = (typeof FEATURE_CODES)[keyof typeof FEATURE_CODES];

/** The feature codes whose assignments the user context carries (`experiment: True`). */
export const START_FEATURE_CODES: readonly KnownFeatureCode[] = [
  FEATURE_CODES.bnplPaymentTimeline,
  FEATURE_CODES.dacOnCheckout,
  FEATURE_CODES.courseCardPrefetch,
  FEATURE_CODES.delayCourseCardQuickViewBox,
  FEATURE_CODES.hideWishlistButtonOnCourseCardQuickViewBox,
  FEATURE_CODES.courseCardsOpenInNewTab,
  FEATURE_CODES.authFullPageRedirect,
];
