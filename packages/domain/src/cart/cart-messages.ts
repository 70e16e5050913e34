import type { CouponValidity } from '../coupons/coupon-rules.js';

/** Platform §8 cart messages. */
export const CART_MESSAGES = {
  unknownError: 'An unknown error occurred.',
  codeNotValidForCourse:
    'The coupon code entered is not valid for this course. Perhaps you used the wrong coupon code?',
  codeAlreadyUsed: 'The coupon code entered has already been used.',
} as const;

const REMOVED_VERB: Record<Exclude<CouponValidity, 'valid'>, { one: string; many: string }> = {
  invalid: { one: 'is invalid', many: 'are invalid' },
  expired: { one: 'is expired', many: 'are expired' },
  sold_out: { one: 'is sold out', many: 'are sold out' },
};

/**
 * Platform §8: "{code} is invalid, and has been removed." (plural: "{codes} are invalid,
 * and have been removed."), likewise for expired and sold out. Plain text; the page
 * wraps the codes in <b> itself. Codes are joined with ", ".
 */
export function removedCodesMessage(
  codes: readonly string[],
  status: Exclude<CouponValidity, 'valid'>,
): string {
  const verb = REMOVED_VERB[status];
  return codes.length === 1
    ? `${codes[0]} ${verb.one}, and has been removed.`
    : `${codes.join(', ')} ${verb.many}, and have been removed.`;
}
