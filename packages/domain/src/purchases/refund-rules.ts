import { allocateProportionally } from '../tax/tax-computation.js';
import { money } from '../money/money.js';
import type { CurrencyCode } from '../money/currencies.js';

/** Checkout §9: the refund guarantee, in days after the purchase. */
export const REFUND_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/**
 * Whole calendar days (UTC) from the purchase to `now`: the day of the purchase is day 0, so a
 * course bought on the 1st is on day 30 on the 31st. Counting days instead of hours gives every
 * buyer the whole of their last day, whatever the hour they bought at.
 */
export function daysSincePurchase(purchasedAt: Date, now: Date): number {
  return Math.floor((startOfUtcDay(now) - startOfUtcDay(purchasedAt)) / DAY_MS);
}

/** The last moment a refund can be asked for: the end of day 30 (UTC). */
export function refundDeadline(purchasedAt: Date): Date {
  return new Date(startOfUtcDay(purchasedAt) + (REFUND_WINDOW_DAYS + 1) * DAY_MS - 1);
}

/** Why a purchased course cannot be refunded (null: it can). */
export type RefundRefusal =
  /** Past day 30 of the purchase. */
  | 'refund_window_closed'
  /** A refund of this line is pending or done. */
  | 'already_refunded'
  /** Nothing was paid for it (a free course, a 100% code). */
  | 'nothing_to_refund'
  /** The order's payment has not arrived yet (a voucher not paid). */
  | 'payment_pending'
  /** A gift its recipient has taken into their account: it is theirs now. */
  | 'gift_redeemed';

/** The refusal texts, shown on the page and in the API's 409. */
export const REFUND_REFUSAL_MESSAGES: Record<RefundRefusal, string> = {
  refund_window_closed: `Refunds are available for ${REFUND_WINDOW_DAYS} days after purchase; this course was bought more than ${REFUND_WINDOW_DAYS} days ago.`,
  already_refunded: 'A refund for this course has already been requested.',
  nothing_to_refund: 'Nothing was paid for this course, so there is nothing to refund.',
  payment_pending: 'The payment for this order has not arrived yet, so it cannot be refunded.',
  gift_redeemed: 'This gift has been redeemed by the person you gave it to, so it can no longer be refunded.',
};

/** The rule of checkout §9's 30-day guarantee for one bought course. */
export function refundRefusalOf(line: {
  purchasedAt: Date;
  paid: number;
  refundRequested: boolean;
  orderCompleted: boolean;
  /** A gift line whose recipient redeemed it. */
  giftRedeemed?: boolean;
  now: Date;
}): RefundRefusal | null {
  if (!line.orderCompleted) return 'payment_pending';
  if (line.refundRequested) return 'already_refunded';
  if (line.giftRedeemed) return 'gift_redeemed';
  if (line.paid <= 0) return 'nothing_to_refund';
  if (daysSincePurchase(line.purchasedAt, line.now) > REFUND_WINDOW_DAYS) return 'refund_window_closed';
  return null;
}

/** Where a refund goes: the parts paid by the provider go back to the original method, credit to credit. */
export interface RefundSplit {
  /** Back through the payment provider to the method that paid. */
  provider: number;
  /** Back to account credit. */
  credit: number;
}

/**
 * How much of each line of an order goes back where, in minor units. Each line's paid amount
 * (its price, plus its tax where tax was added on top) is split between the provider and the
 * account credit in the order's proportion, by the same allocation as tax (parts add up
 * exactly): refunding every line gives back exactly what the provider took and the credit
 * spent, never a unit more.
 */
export function refundSplitsOf(order: {
  currency: CurrencyCode;
  /** What each line cost the buyer, in line order. */
  linePaid: readonly number[];
  /** What the provider charged for the whole order. */
  providerAmount: number;
  /** Account credit spent on the order. */
  creditAmount: number;
}): RefundSplit[] {
  const paid = order.linePaid.reduce((sum, amount) => sum + amount, 0);
  if (paid !== order.providerAmount + order.creditAmount) {
    throw new RangeError(
      `The lines (${paid}) do not add up to what was paid (${order.providerAmount} + ${order.creditAmount})`,
    );
  }
  if (paid === 0) return order.linePaid.map(() => ({ provider: 0, credit: 0 }));
  const providerParts = allocateProportionally(money(order.providerAmount, order.currency), order.linePaid);
  return order.linePaid.map((amount, index) => {
    const provider = providerParts[index]?.amount ?? 0;
    return { provider, credit: amount - provider };
  });
}

/** What a line of an order cost the buyer: the price, and the tax when it was added on top. */
export function linePaidAmount(line: { price: number; tax: number }, taxAddedOnTop: boolean): number {
  return taxAddedOnTop ? line.price + line.tax : line.price;
}

/**
 * A discount code's use goes back to the code (its usage limit) once every course bought with
 * it in that order is refunded: a partial refund keeps the use, since the buyer still holds
 * courses bought at the discounted price.
 */
export function couponUseReleased(linesWithCode: readonly { refunded: boolean }[]): boolean {
  return linesWithCode.length > 0 && linesWithCode.every((line) => line.refunded);
}

/** The reasons a buyer picks from when asking for a refund. */
export const REFUND_REASONS = [
  'not_as_described',
  'not_satisfied',
  'bought_by_mistake',
  'duplicate_purchase',
  'technical_problems',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The longest comment a buyer may add to a refund request. */
export const REFUND_COMMENT_MAX_LENGTH = 1_000;
