import type { BuyableType, CurrencyCode, TaxBreakdownType } from '@lectern/domain';

/**
 * What a purchase costs, priced on the server (catalog, best coupon, tax, credit) and frozen
 * into the payment attempt at submit: the order is written from it, never from the browser.
 * Amounts are minor units of `currency`.
 */
export interface CheckoutQuote {
  currency: CurrencyCode;
  country: string;
  secondaryLocation: string | null;
  taxRate: number;
  taxMode: TaxBreakdownType;
  /** Where the rate came from (the tax provider's jurisdiction and source). */
  taxJurisdiction: string | null;
  lines: {
    courseId: number;
    buyableType: BuyableType;
    title: string;
    url: string;
    listPrice: number;
    price: number;
    couponCode: string | null;
    tax: number;
  }[];
  original: number;
  discount: number;
  discountPercent: number;
  subtotal: number;
  tax: number;
  creditUsed: number;
  total: number;
  isFree: boolean;
  isFullyPaidByCredit: boolean;
}
