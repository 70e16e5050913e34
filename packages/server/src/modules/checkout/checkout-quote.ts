import {
  billingCountryError,
  computeOrderTotals,
  currencyForCountry,
  money,
  normalizeSecondaryLocation,
  secondaryLocationError,
  secondaryLocationFieldOf,
  taxModeOf,
  taxesShownApart,
  toApiPrice,
  type BillingAddressInput,
  type BuyableType,
  type CurrencyCode,
  type Money,
  type OrderSummary,
  type ShoppingInfoItem,
  type TaxBreakdownType,
} from '@lectern/domain';
import { createAnnouncedCache } from '../../platform/db/announced-cache.js';
import { prepareCombinedRead } from '../../platform/db/combined-read.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import { validationError } from '../../platform/http/http-error.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import { taxLinesOf, type TaxLine } from '../tax/tax-lines.js';
import { checkedTaxNumber, determineTax } from '../tax/determine-tax.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import type { FrozenGift } from './checkout-gifts.js';

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
  /** The taxes that make up `tax` (GST and QST; state and local sales tax), amounts adding up to it. */
  taxLines: TaxLine[];
  /** The reverse-charge note of a business sale at 0%; else null. */
  taxNote: string | null;
  /** The business buyer's VAT/GST number, normalized; else null. */
  taxNumber: string | null;
  lines: {
    courseId: number;
    buyableType: BuyableType;
    title: string;
    url: string;
    listPrice: number;
    price: number;
    couponCode: string | null;
    tax: number;
    /** A gift line's recipient and delivery, frozen at submit (checkout-gifts.ts); else absent. */
    gift?: FrozenGift | null;
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

const UNTAXED = {
  ok: true as const,
  ratePercent: 0,
  jurisdiction: null,
  components: [],
  reverseCharge: null,
};

/** Announced with the user id when their cart codes, enrollments or credit change (migration 0005). */
export const BUYER_FACTS_CHANNEL = 'lectern_buyer_facts_changed';
/** What the checkout page keeps of a buyer's facts: a few minutes at most, even if a NOTIFY were lost. */
const FACTS_CACHE = { ttlMs: 5 * 60 * 1000, maxEntries: 10_000 };

/** Prices purchases on the server (design §3): the one place a checkout amount comes from. */
/** A buyer without an account (a guest checkout's info): the codes on the visitor's cart. */
export interface GuestQuoteBuyer {
  codes: readonly string[];
}

export function createCheckoutQuotes(deps: {
  db: Database;
  carts: CartsService;
  credit: CreditService;
  orders: OrdersService;
  tax: TaxProvider;
  now: () => Date;
}) {
  const { carts, credit, orders, now } = deps;
  // What decides the buyer's money, always read fresh, in one round trip (decision 0011): the
  // codes on the cart, which of the courses they own, and their credit balance.
  const factsCache = createAnnouncedCache<Awaited<ReturnType<typeof buyerFacts.execute>>>({
    channel: BUYER_FACTS_CHANNEL,
    ttlMs: FACTS_CACHE.ttlMs,
    maxEntries: FACTS_CACHE.maxEntries,
  });
  const buyerFacts = prepareCombinedRead(deps.db, 'checkout_buyer_facts', {
    codes: carts.reads.codes,
    owned: orders.reads.enrolledAmong,
    balance: credit.reads.balance,
  });

  /**
   * Prices the items for the buyer: catalog price in the price currency, the best of the
   * user's cart codes, tax at the billing location, credit last. Bad items are a 400 naming
   * each; a location that cannot be taxed comes back as `taxError` (tax 0 meanwhile).
   */
  async function quoteFor(
    /** The signed-in buyer, or a guest (team-plan §6): no account yet, the visitor cart's codes. */
    buyer: number | GuestQuoteBuyer,
    pricing: PricingContext,
    items: readonly ShoppingInfoItem[],
    billing: BillingAddressInput | undefined,
    /** `display`: the checkout page (short-lived caches allowed); `charge`: a submit, all fresh. */
    purpose: 'display' | 'charge',
    /** Another currency than the billing country's: a method's representment (decision 0010). */
    chargeCurrency?: CurrencyCode,
  ): Promise<{ quote: CheckoutQuote; balance: Money; taxError: string | null; locationMissing: boolean }> {
    const country = (billing?.country_code ?? pricing.country).toUpperCase();
    const countryError = billingCountryError(country);
    if (countryError) throw validationError({ 'billing_address.country_code': [countryError] });
    // The billing country decides the currency as it decides the tax (decision 0017): the
    // account's price country is only where the page starts, never what an order is priced in.
    const currency = chargeCurrency ?? currencyForCountry(country);
    const secondaryLocation = normalizeSecondaryLocation(country, billing?.secondary_location_info);
    const taxNumber = checkedTaxNumber(country, billing?.tax_number, 'billing_address.tax_number');
    const locationMissing = secondaryLocationFieldOf(country) !== null && secondaryLocation === null;

    const ids = items.map((item) => item.buyable.id);
    // A submit reads them fresh; the checkout page may use what this instance keeps, dropped
    // the moment any of them changes (decision 0016). A guest owns nothing and has no credit.
    const facts = await (async () => {
      if (typeof buyer !== 'number') return { codes: [...buyer.codes], owned: new Set<number>(), balance: 0 };
      const values = { userId: buyer, courseIds: ids, currency };
      return purpose === 'charge'
        ? buyerFacts.execute(values)
        : factsCache.read(buyer, `${currency}|${ids.join(',')}`, () => buyerFacts.execute(values));
    })();
    const { owned } = facts;
    // The balance decides which methods are offered (full credit or not); never below zero.
    const balance = money(Math.max(0, facts.balance), currency);
    const [courses, taxed] = await Promise.all([
      carts.checkoutPrices(
        { country: pricing.country, currency, locale: pricing.locale, intlLocale: pricing.intlLocale },
        ids,
        facts.codes,
        // A code limited per buyer counts this buyer's own uses (a guest has none yet).
        { cached: purpose === 'display', buyerId: typeof buyer === 'number' ? buyer : null },
      ),
      (async () => {
        if (locationMissing) return UNTAXED;
        const formatError = secondaryLocationError(country, secondaryLocation);
        if (formatError) return { ok: false as const, error: formatError };
        const found = await determineTax(deps.tax, { country, secondaryLocation, taxNumber }, now());
        return found.ok ? { ...found, jurisdiction: `${found.jurisdiction}: ${found.source}` } : found;
      })(),
    ]);

    const fieldErrors: Record<string, string[]> = {};
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const field = `shopping_info.items.${index}.buyable.id`;
      const course = courses.get(item.buyable.id);
      const type = item.buyable.buyable_object_type;
      const key = `${type}:${item.buyable.id}`;
      if (type !== 'course' && type !== 'gift') {
        fieldErrors[field] = ['Only courses and gifts of courses can be bought at this checkout.'];
      } else if (!course || !course.visible) {
        fieldErrors[field] = [`There is no course with id ${item.buyable.id}.`];
      } else if (type === 'course' && owned.has(course.id)) {
        // A gift of a course the buyer owns is fine: it is for someone else.
        fieldErrors[field] = [`You already own “${course.title}”, so it cannot be bought again.`];
      } else if (seen.has(key)) {
        fieldErrors[field] = [
          type === 'gift' ? 'This gift is listed twice.' : 'This course is listed twice.',
        ];
      }
      seen.add(key);
    });
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

    const lines = items.map((item) => courses.get(item.buyable.id)!);
    const mode = taxModeOf(country);
    const components = taxed.ok ? taxed.components : [];
    const totals = computeOrderTotals({
      lines: lines.map((line) => ({ listPrice: line.listPrice, price: line.price })),
      credit: balance,
      taxRates: components.map((component) => component.ratePercent),
      mode,
    });
    return {
      quote: {
        currency,
        country,
        secondaryLocation,
        taxRate: taxed.ok ? taxed.ratePercent : 0,
        taxMode: mode,
        taxJurisdiction: taxed.ok ? taxed.jurisdiction : null,
        taxLines: taxLinesOf(components, totals.componentTaxes),
        taxNote: taxed.ok ? (taxed.reverseCharge?.note ?? null) : null,
        taxNumber,
        lines: lines.map((line, index) => ({
          courseId: line.id,
          buyableType: items[index]!.buyable.buyable_object_type,
          title: line.title,
          url: line.url,
          listPrice: line.listPrice.amount,
          price: line.price.amount,
          couponCode: line.couponCode,
          tax: totals.lineTaxes[index]?.amount ?? 0,
        })),
        original: totals.original.amount,
        discount: totals.discount.amount,
        discountPercent: totals.discountPercent,
        subtotal: totals.subtotal.amount,
        tax: totals.tax.amount,
        creditUsed: totals.creditUsed.amount,
        total: totals.total.amount,
        isFree: totals.isFree,
        isFullyPaidByCredit: totals.isFullyPaidByCredit,
      },
      balance,
      taxError: taxed.ok ? null : taxed.error,
      locationMissing,
    };
  }

  function orderSummaryOf(quote: CheckoutQuote, locale: string): OrderSummary {
    const price = (amount: number, options?: { freeWhenZero?: boolean }) =>
      toApiPrice(money(amount, quote.currency), locale, options);
    const amount = (value: number) => price(value, { freeWhenZero: false });
    return {
      lines: quote.lines.map((line) => ({
        buyable: { id: line.courseId, buyable_object_type: line.buyableType },
        title: line.title,
        list_price: price(line.listPrice),
        price: price(line.price),
        discount_code: line.couponCode,
        tax: amount(line.tax),
      })),
      original_price: price(quote.original),
      discount: amount(quote.discount),
      discount_percent: quote.discountPercent,
      subtotal: quote.taxMode === 'tax_exclusive' || quote.creditUsed > 0 ? price(quote.subtotal) : null,
      tax: amount(quote.tax),
      tax_rate: quote.taxRate,
      // Apart where the law wants each tax stated (Canada); else the combined rate. Attempts
      // frozen before tax lines existed have none.
      tax_lines: taxesShownApart(quote.country)
        ? (quote.taxLines ?? []).map((line) => ({
            name: line.name,
            jurisdiction: line.jurisdiction,
            rate: line.ratePercent,
            amount: amount(line.amount),
          }))
        : quote.tax > 0
          ? [{ name: 'Tax', jurisdiction: quote.country, rate: quote.taxRate, amount: amount(quote.tax) }]
          : [],
      tax_note: quote.taxNote ?? null,
      credit_used: amount(quote.creditUsed),
      total: price(quote.total),
      is_free: quote.isFree,
      is_fully_paid_by_credit: quote.isFullyPaidByCredit,
    };
  }

  return {
    quoteFor,
    orderSummaryOf,
    /** Keeps buyers' facts for the checkout page while their changes are announced to this instance. */
    watchBuyerFacts: (listen: DatabaseHandle['listen']) => factsCache.watch(listen),
  };
}
export type CheckoutQuotes = ReturnType<typeof createCheckoutQuotes>;
