import { CHECKOUT_MESSAGES, type CardField } from '@lectern/domain';

/** A payment that stopped before or at the provider, with what to show. */
export class CheckoutFailure extends Error {
  override readonly name = 'CheckoutFailure';
  constructor(
    readonly text: string,
    readonly displayMs: number,
    /** The card field the provider flagged, with its code. */
    readonly field: { name: CardField; code: string } | null = null,
  ) {
    super(text);
  }
}

/** Checkout §8 'Method problem': the method could not be used; try another. */
export function methodProblem(): CheckoutFailure {
  return new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000);
}
