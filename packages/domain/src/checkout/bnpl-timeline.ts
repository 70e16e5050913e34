// Checkout §9 buy-now-pay-later payment timeline, shown under the address-based BNPL form.
import { money, type Money } from '../money/money.js';

/** Checkout §9: instalments are due every 2 weeks, the first one today. */
export const BNPL_INTERVAL_WEEKS = 2;

/**
 * Checkout §9 numPayments of the methods that show a timeline. Only the address-based form
 * (afterpay_clearpay, "4 payments every 2 weeks") shows one; Affirm's form has no fields.
 */
export const BNPL_INSTALMENTS = { afterpay_clearpay: 4 } as const;

export interface BnplPayment {
  /** 'Today', then 'In 2 weeks', 'In 4 weeks', … (checkout §9). */
  label: string;
  weeksFromNow: number;
  amount: Money;
}

/** Checkout §9 label of the payment due `weeksFromNow` weeks from now. */
export function bnplPaymentLabel(weeksFromNow: number): string {
  return weeksFromNow === 0 ? 'Today' : `In ${weeksFromNow} weeks`;
}

/**
 * Checkout §9 and design §3: `numPayments` instalments every 2 weeks. Each amount is
 * total / numPayments rounded half-up to the currency's minor unit (whole units for JPY, KRW,
 * CLP, VND, whose minor unit is the unit), and the remainder goes on the first payment (or
 * the last), so the parts add up exactly to the total.
 */
export function bnplTimeline(
  total: Money,
  numPayments: number,
  remainderOn: 'first' | 'last' = 'first',
): BnplPayment[] {
  if (!Number.isSafeInteger(numPayments) || numPayments < 1) {
    throw new RangeError(`A timeline needs a positive whole number of payments, got ${numPayments}`);
  }
  if (total.amount < 0) throw new RangeError(`A timeline splits a total of 0 or more, got ${total.amount}`);
  const parts = splitAmount(total.amount, numPayments);
  if (remainderOn === 'last') parts.reverse();
  return parts.map((amount, index) => {
    const weeksFromNow = index * BNPL_INTERVAL_WEEKS;
    return { label: bnplPaymentLabel(weeksFromNow), weeksFromNow, amount: money(amount, total.currency) };
  });
}

/** Integer parts of `total` (≥ 0), the remainder on parts[0]; none is negative. */
function splitAmount(total: number, count: number): number[] {
  // Half-up rounding of total / count in integers: floor((2·total + count) / (2·count)).
  let regular = Math.floor((2 * total + count) / (2 * count));
  // Rounding up can overshoot when the total is a few minor units (e.g. 2 cents in 4):
  // rounding down then leaves a remainder of 0 or more, which the first part takes.
  if (regular * (count - 1) > total) regular = Math.floor(total / count);
  const parts = Array.from({ length: count }, () => regular);
  parts[0] = total - regular * (count - 1);
  return parts;
}
