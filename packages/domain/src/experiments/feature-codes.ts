/**
 * The features the specifications put under experiment, by code. A page's start-up context
 * carries the assignments of all of them (platform §7), so no page waits for a second call.
 */
export const FEATURE_CODES = {
  /** Checkout §2/§9: the payment timeline of the buy-now-pay-later form ('control' hides it). */
  bnplPaymentTimeline: 'bnpl_payment_timeline',
  /** Team-plan §6: a visitor checks out a course with an e-mail only (`dacOnCheckoutIsEnabled`). */
  dacOnCheckout: 'dac_on_checkout',
  /** Platform §9: the course cards' and sign-in flags. */
  courseCardPrefetch: 'course_card_prefetch',
  delayCourseCardQuickViewBox: 'delay_course_card_quick_view_box',
  hideWishlistButtonOnCourseCardQuickViewBox: 'hide_wishlist_button_on_course_card_quick_view_box',
  courseCardsOpenInNewTab: 'course_cards_open_in_new_tab',
  authFullPageRedirect: 'auth_full_page_redirect',
} as const;

export type KnownFeatureCode = (typeof FEATURE_CODES)[keyof typeof FEATURE_CODES];

/** The feature codes whose assignments the user context carries (`experiment: True`). */
export const START_FEATURE_CODES: readonly KnownFeatureCode[] = Object.values(FEATURE_CODES);

/**
 * Whether a flag-like feature is on for this assignment: its configuration says
 * `isEnabled: true`. A feature with no running experiment is off.
 */
export function isFeatureEnabled(
  assignments: readonly { featureCode: string; configuration: Record<string, unknown> }[] | undefined,
  featureCode: string,
): boolean {
  const assignment = assignments?.find((entry) => entry.featureCode === featureCode);
  return assignment?.configuration.isEnabled === true;
}
