// What a subscription checkout charges (team-plan §2 Summary panel, design §3): the period
// price of the licenses (or the plan), the tax on it, and what is due today or at trial end.
import type { TaxBreakdownType } from '../checkout/checkout-contract.js';
import { money, type Money } from '../money/money.js';
import { computeComponentTaxes } from '../tax/tax-computation.js';

export interface SubscriptionCharge {
  /** Before tax in tax-exclusive countries; the tax-included price elsewhere. */
  subtotal: Money;
  tax: Money;
  /** The tax of each rate given, in order (GST, QST…); they add up to `tax`. */
  taxParts: Money[];
  total: Money;
}

/**
 * The tax on `price` at a rate, or at the rates of the taxes that add up (GST and QST, each
 * rounded on its own as the receipt prints them), on top or included by the country's mode.
 */
export function chargeWithTax(
  price: Money,
  taxRates: number | readonly number[],
  mode: TaxBreakdownType,
): SubscriptionCharge {
  const rates = typeof taxRates === 'number' ? [taxRates] : taxRates;
  const { total: tax, componentTaxes } = computeComponentTaxes([price], rates, mode, price.currency);
  return {
    subtotal: price,
    tax,
    taxParts: componentTaxes,
    total: mode === 'tax_exclusive' ? money(price.amount + tax.amount, price.currency) : price,
  };
}

/** One period of `licenses` at `unitPrice` each (a personal plan is one "license"). */
export function periodPrice(unitPrice: Money, licenses: number): Money {
  if (!Number.isSafeInteger(licenses) || licenses < 0) {
    throw new RangeError(`Licenses are a non-negative integer, got ${licenses}`);
  }
  return money(unitPrice.amount * licenses, unitPrice.currency);
}

export interface SubscriptionDue {
  /** What is charged now: 0 during a trial or a trial upsell. */
  today: SubscriptionCharge;
  /** What the stored card is charged at the end of the trial or period, for the whole plan. */
  next: SubscriptionCharge;
}

/**
 * A new plan: with a trial nothing is due today and the first period is charged at the
 * trial's end; without one the first period is due today.
 */
export function newSubscriptionDue(periodCharge: SubscriptionCharge, withTrial: boolean): SubscriptionDue {
  const zero = money(0, periodCharge.total.currency);
  return {
    today: withTrial ? { subtotal: zero, tax: zero, taxParts: [], total: zero } : periodCharge,
    next: periodCharge,
  };
}
