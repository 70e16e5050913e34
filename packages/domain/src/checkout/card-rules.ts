// Checkout §5 and §9 card rules: the cardholder name, the remember-me checkbox, the brand
// icons, and the expiry warnings of saved cards.
import type { PaymentMethodConfig, PaymentMethodOptions } from './checkout-contract.js';

/** Checkout §9: at most this many brand icons show beside the card number. */
export const MAX_VISIBLE_CARD_BRANDS = 6;

const CARDHOLDER_NAME_MAX_LENGTH = 100;

// Letters of any script (with their combining marks), spaces and the punctuation of names
// ("O'Brien", "Anne-Marie", "J. R. R. Tolkien", "Smith, Jr."); no digits, which is where a
// card number typed into the name field shows (the card_number_in_name_field code).
const CARDHOLDER_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .,'’-]*$/u;

/**
 * Checkout §5 "a shared check" of the name on card (the spec gives no rule; this is ours):
 * 2 to 100 characters once trimmed, starting with a letter, of letters, spaces and . , ' ’ -
 * with at least two letters.
 */
export function isValidCardholderName(name: string): boolean {
  const trimmed = name.trim();
  if (trimmed.length < 2 || trimmed.length > CARDHOLDER_NAME_MAX_LENGTH) return false;
  if (!CARDHOLDER_NAME.test(trimmed)) return false;
  return (trimmed.match(/\p{L}/gu)?.length ?? 0) >= 2;
}

/**
 * Checkout §5: remember-me starts checked, unless storing is disabled for the method or
 * `store_payment_method_default_override` says otherwise.
 */
export function rememberMeDefault(options: PaymentMethodOptions): boolean {
  if (options.storing_payment_method_disabled) return false;
  const override = options.store_payment_method_default_override;
  return typeof override === 'boolean' ? override : true;
}

/**
 * Checkout §5: the 'save card' checkbox shows only for a card entered by hand (not a stored
 * one), when storing is not disabled and no payment result exists yet.
 */
export function isRememberMeShown(
  method: Pick<PaymentMethodConfig, 'type' | 'mode' | 'options'>,
  hasResult: boolean,
): boolean {
  return (
    method.type === 'card' &&
    method.mode !== 'stored' &&
    !method.options.storing_payment_method_disabled &&
    !hasResult
  );
}

// Checkout §9 order: these lead, in this order ('mc' and 'mastercard' both name Mastercard)…
const LEADING_BRANDS = ['visa', 'mc', 'mastercard', 'amex'];
// …and these are dropped first, in this order, when there are too many.
const DROPPED_FIRST = ['diners', 'jcb', 'discover'];

/**
 * Checkout §9: the brand icons to show, at most 6: visa, mc and amex first, then the others
 * in the order given; when there are more than 6, diners, jcb and discover go first.
 */
export function visibleCardBrands(brands: readonly string[]): string[] {
  const unique = [...new Set(brands.map((brand) => brand.toLowerCase()))];
  const leading = LEADING_BRANDS.filter((brand) => unique.includes(brand));
  let ordered = [...leading, ...unique.filter((brand) => !LEADING_BRANDS.includes(brand))];
  for (const brand of DROPPED_FIRST) {
    if (ordered.length <= MAX_VISIBLE_CARD_BRANDS) break;
    ordered = ordered.filter((candidate) => candidate !== brand);
  }
  return ordered.slice(0, MAX_VISIBLE_CARD_BRANDS);
}

export type CardExpiryState = 'valid' | 'expiring_soon' | 'expired';

/**
 * Checkout §8 card expiry warnings for a saved card. A card is good through the last day of
 * its expiry month (UTC). "About to expire" is ours: it expires this month or the next.
 */
export function cardExpiryState(expiryMonth: number, expiryYear: number, now: Date): CardExpiryState {
  const monthsLeft = expiryYear * 12 + (expiryMonth - 1) - (now.getUTCFullYear() * 12 + now.getUTCMonth());
  if (monthsLeft < 0) return 'expired';
  return monthsLeft <= 1 ? 'expiring_soon' : 'valid';
}
