/** Platform §5: letters, digits, dot, underscore and hyphen; 4 to 255 characters. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9._-]{4,255}$/;
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 255;

/** Codes are upper-cased (after trimming) before they are applied. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** True when the code (as typed) has a form a code can have. */
export function isWellFormedCouponCode(code: string): boolean {
  return COUPON_CODE_PATTERN.test(code.trim());
}
