// Platform §9's flags for the course cards and sign-in, and the rules the browser and the
// server share about them. Apart from feature-flags.ts, which the course page's purchase card
// loads: a page without course cards carries none of this.
import type { FeatureVariantAssignment } from '../context/user-context.js';

/** Hovering or focusing a course card prefetches its course page. */
export const COURSE_CARD_PREFETCH_FEATURE = 'course_card_prefetch';
/** The course card's quick view box waits longer before it opens (optionally `delayMs`). */
export const DELAY_QUICK_VIEW_FEATURE = 'delay_course_card_quick_view_box';
/** The course card's quick view box has no wishlist button. */
export const HIDE_QUICK_VIEW_WISHLIST_FEATURE = 'hide_wishlist_button_on_course_card_quick_view_box';
/** Course cards open their course page in a new tab. */
export const COURSE_CARDS_NEW_TAB_FEATURE = 'course_cards_open_in_new_tab';
/** Sign-in and sign-up links, and redirects to the login page, load the page anew. */
export const AUTH_FULL_PAGE_REDIRECT_FEATURE = 'auth_full_page_redirect';

/**
 * How long a pointer or keyboard focus stays on a course card before its quick view box opens.
 * Long enough that a pointer crossing the grid opens nothing; `delayed` is the arm of
 * `delay_course_card_quick_view_box` that gives visitors more time before the box covers the
 * next cards. An operator's `delayMs` must lie within [min, max]: below `min` every crossing
 * opens a box, above `max` nobody waits for it.
 */
export const QUICK_VIEW_DELAY_MS = { default: 300, delayed: 1_000, min: 100, max: 5_000 } as const;

/** The quick view box's delay for these assignments (see QUICK_VIEW_DELAY_MS). */
export function quickViewDelayMs(assignments: readonly FeatureVariantAssignment[] | undefined): number {
  const configuration = assignments?.find(
    (entry) => entry.featureCode === DELAY_QUICK_VIEW_FEATURE,
  )?.configuration;
  if (configuration?.isEnabled !== true) return QUICK_VIEW_DELAY_MS.default;
  const configured = configuration.delayMs;
  // A configuration is JSON an operator typed: anything but a number in range means "on".
  if (
    typeof configured !== 'number' ||
    !Number.isFinite(configured) ||
    configured < QUICK_VIEW_DELAY_MS.min ||
    configured > QUICK_VIEW_DELAY_MS.max
  ) {
    return QUICK_VIEW_DELAY_MS.delayed;
  }
  return Math.round(configured);
}
