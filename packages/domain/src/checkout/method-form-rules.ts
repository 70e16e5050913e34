// Checkout §5 rules of the forms of other methods: the address-based buy-now-pay-later form
// and the installment select of local card methods.
import { CHECKOUT_MESSAGES } from './checkout-messages.js';

/** Checkout §9 field limits of the address-based buy-now-pay-later form. */
export const BNPL_ADDRESS_LIMITS = { address: 50, city: 25, state: 2, zip: 5 } as const;

export interface BnplAddressInput {
  line1: string;
  city: string;
  state: string;
  zip: string;
}

const CITY = /^[\p{L}\p{M}',.\s-]{3,25}$/u;
const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}$/;

/**
 * Checkout §5: the first invalid field's message, in form order, or null. Address line 4 to
 * 50 characters; city 3 to 25 of letters, apostrophe, comma, period, whitespace and hyphen;
 * state exactly 2 letters; ZIP exactly 5 digits, checked only outside the US (there the
 * billing secondary location is the postal code).
 */
export function bnplAddressError(address: BnplAddressInput, billingCountry: string): string | null {
  const line1 = address.line1.trim();
  if (line1.length < 4 || line1.length > BNPL_ADDRESS_LIMITS.address) return CHECKOUT_MESSAGES.checkAddress;
  if (!CITY.test(address.city.trim())) return CHECKOUT_MESSAGES.checkCity;
  if (!STATE.test(address.state.trim())) return CHECKOUT_MESSAGES.checkBnplState;
  if (billingCountry !== 'US' && !ZIP.test(address.zip.trim())) return CHECKOUT_MESSAGES.checkZipCode;
  return null;
}

/** Checkout §5: with installments enabled, a number greater than 0 must be chosen. */
export function installmentError(
  installment: number | null | undefined,
  installmentsEnabled: boolean,
): string | null {
  if (!installmentsEnabled) return null;
  return typeof installment === 'number' && Number.isInteger(installment) && installment > 0
    ? null
    : CHECKOUT_MESSAGES.selectInstallments;
}
