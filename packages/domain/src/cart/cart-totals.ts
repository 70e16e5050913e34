import type { CurrencyCode } from '../money/currencies.js';
import { money, type Money } from '../money/money.js';

/**
 * Platform §4: total due is the price total minus credit, never below 0; payment is needed
 * only when the total exceeds the credit. Credit in another currency is not usable.
 */
export function cartTotals(
  items: readonly { listPrice: Money; purchasePrice: Money }[],
  credit: Money,
  currency: CurrencyCode,
) {
  const listTotal = items.reduce((sum, item) => sum + item.listPrice.amount, 0);
  const priceTotal = items.reduce((sum, item) => sum + item.purchasePrice.amount, 0);
  const usableCredit = credit.currency === currency ? Math.max(0, credit.amount) : 0;
  const creditUsed = Math.min(usableCredit, priceTotal);
  return {
    listTotal: money(listTotal, currency),
    priceTotal: money(priceTotal, currency),
    savings: money(listTotal - priceTotal, currency),
    creditUsed: money(creditUsed, currency),
    totalDue: money(priceTotal - creditUsed, currency),
    isPaymentRequired: priceTotal > usableCredit,
  };
}

/**
 * Platform §4: the discount percentage is the saving relative to the list price, rounded
 * (half up) to a whole percent; 0 when there is no list price.
 */
export function discountPercentage(listPrice: Money | null | undefined, purchasePrice: Money): number {
  if (!listPrice || listPrice.amount <= 0) return 0;
  const saving = listPrice.amount - purchasePrice.amount;
  if (saving <= 0) return 0;
  return Math.floor((200 * saving + listPrice.amount) / (2 * listPrice.amount));
}
