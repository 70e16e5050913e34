/**
 * Team-plan §9: a checkout reference is 4 characters of prefix followed by the subscription
 * purchase context id; the first 4 characters are stripped and the rest parsed as a number.
 */
export const CHECKOUT_REFERENCE_PREFIX = 'LSC-';

export function checkoutReferenceOf(purchaseContextId: number): string {
  if (!Number.isSafeInteger(purchaseContextId) || purchaseContextId <= 0) {
    throw new RangeError(`A purchase context id is a positive integer, got ${purchaseContextId}`);
  }
  return `${CHECKOUT_REFERENCE_PREFIX}${purchaseContextId}`;
}

/** The purchase context id of a reference, or null when it is not one (any 4-character prefix). */
export function purchaseContextIdOf(reference: string | null | undefined): number | null {
  if (!reference || reference.length < 5) return null;
  const digits = reference.slice(4);
  if (!/^[1-9][0-9]{0,14}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}
