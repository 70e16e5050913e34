// The order summary of checkout §2 in integer minor units: prices, discount, tax, then
// account credit applied last, like a payment.
import { discountPercentage } from '../cart/cart-totals.js';
import type { TaxBreakdownType } from '../checkout/checkout-contract.js';
import { money, sumMoney, type Money } from '../money/money.js';
import { computeComponentTaxes } from './tax-computation.js';

/** The figures of the checkout §2 order summary, all in the order currency. */
export interface OrderTotals {
  /** Sum of list prices. */
  original: Money;
  /** Original minus subtotal (never below 0). */
  discount: Money;
  /** The discount as a whole percent of the original, rounded half-up. */
  discountPercent: number;
  /** Sum of the prices after discounts, before tax and credit. */
  subtotal: Money;
  /** Each line's share of `tax`, in line order. */
  lineTaxes: Money[];
  /** Each tax's amount, in the order of `taxRates`; they add up to `tax`. */
  componentTaxes: Money[];
  /** On top of the subtotal when tax-exclusive; contained in it when tax-inclusive. */
  tax: Money;
  creditUsed: Money;
  /** What the buyer pays: subtotal (+ tax when exclusive) − credit used, never below 0. */
  total: Money;
  /** The price total is 0: nothing to pay, no credit used (checkout §4 free method). */
  isFree: boolean;
  /** Not free, and credit covers all of it (checkout §4 full-credit method). */
  isFullyPaidByCredit: boolean;
}

export interface OrderTotalsInput {
  /** Every line in the order currency: list price and price after the best discount. */
  lines: readonly { listPrice: Money; price: Money }[];
  /** The buyer's credit balance; usable only in the order currency. */
  credit: Money;
  /** Percent, one per tax that applies (GST and QST; a state's and a city's sales tax). */
  taxRates: readonly number[];
  mode: TaxBreakdownType;
}

/**
 * Checkout §2 totals. Tax is computed on the discounted prices (design §3); credit then pays
 * what it can of the amount due: subtotal + tax when tax-exclusive, the subtotal (tax
 * included) otherwise. The order currency is the lines' (the credit's when there are none);
 * credit in another currency is not usable.
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  const { lines, credit, taxRates, mode } = input;
  const currency = lines[0]?.price.currency ?? credit.currency;
  const original = sumMoney(
    lines.map((line) => line.listPrice),
    currency,
  );
  const subtotal = sumMoney(
    lines.map((line) => line.price),
    currency,
  );
  const {
    lineTaxes,
    componentTaxes,
    total: tax,
  } = computeComponentTaxes(
    lines.map((line) => line.price),
    taxRates,
    mode,
    currency,
  );
  const due = mode === 'tax_exclusive' ? subtotal.amount + tax.amount : subtotal.amount;
  const usableCredit = credit.currency === currency ? Math.max(0, credit.amount) : 0;
  const creditUsed = Math.min(usableCredit, due);
  const isFree = subtotal.amount === 0;
  return {
    original,
    discount: money(Math.max(0, original.amount - subtotal.amount), currency),
    discountPercent: discountPercentage(original, subtotal),
    subtotal,
    lineTaxes,
    componentTaxes,
    tax,
    creditUsed: money(creditUsed, currency),
    total: money(due - creditUsed, currency),
    isFree,
    isFullyPaidByCredit: !isFree && due - creditUsed === 0,
  };
}
