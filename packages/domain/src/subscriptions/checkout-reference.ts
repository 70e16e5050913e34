import { isDatabaseIdText } from '../api/database-id.js';

/**
 * Team-plan §9: a checkout reference is 4 characters of prefix followed by the subscription
 * purchase context id (the enrollment's id). The browser strips any 4 characters; the server,
 * which only ever hands out `LSC-<id>`, reads exactly that and nothing else.
 */
export const CHECKOUT_REFERENCE_PREFIX = 'LSC-';

export function checkoutReferenceOf(purchaseContextId: number): string {
  if (!Number.isSafeInteger(purchaseContextId) || purchaseContextId <= 0) {
    throw new RangeError(`A purchase context id is a positive integer, got ${purchaseContextId}`);
  }
  return `${CHECKOUT_REFERENCE_PREFIX}${purchaseContextId}`;
}

/**
 * The purchase context id of a reference, or null when it is not one: `LSC-` and an id a table
 * can hold (1 to 2^31 − 1, no leading zero). `XYZ-1` and `LSC-2147483648` are no references.
 */
export function purchaseContextIdOf(reference: string | null | undefined): number | null {
  if (!reference?.startsWith(CHECKOUT_REFERENCE_PREFIX)) return null;
  const digits = reference.slice(CHECKOUT_REFERENCE_PREFIX.length);
  return isDatabaseIdText(digits) ? Number(digits) : null;
}

/** Whether text is a checkout reference (`LSC-<id>`) as the server hands them out. */
export const isCheckoutReference = (text: string): boolean => purchaseContextIdOf(text) !== null;
