import { BNPL_TIMELINE_FEATURE, GUEST_CHECKOUT_FEATURE } from './feature-flags.js';

/**
 * The features the specifications put under experiment, by code. A page's start-up context
 * carries the assignments of all of them (platform §7), so no page waits for a second call.
 * (Browser code imports the single constants above, so a page carries only the codes it reads.)
 */
export const FEATURE_CODES = {
  bnplPaymentTimeline: BNPL_TIMELINE_FEATURE,
  dacOnCheckout: GUEST_CHECKOUT_FEATURE,
  /** Platform §9: the course cards' and sign-in flags. */
  courseCardPrefetch: 'course_card_prefetch',
  delayCourseCardQuickViewBox: 'delay_course_card_quick_view_box',
  hideWishlistButtonOnCourseCardQuickViewBox: 'hide_wishlist_button_on_course_card_quick_view_box',
  courseCardsOpenInNewTab: 'course_cards_open_in_new_tab',
  authFullPageRedirect: 'auth_full_page_redirect',
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
