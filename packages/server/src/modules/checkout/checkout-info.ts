import {
  formatMoney,
  money,
  secondaryLocationFieldOf,
  type CheckoutInfoRequest,
  type CheckoutInfoResponse,
  type CurrencyCode,
  type PriceRepresentment,
} from '@lectern/domain';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import type { MethodMarket, MethodRegistry } from './checkout-methods.js';
import type { CheckoutQuote, CheckoutQuotes, GuestQuoteBuyer } from './checkout-quote.js';
import type { ProviderFacts } from './provider-facts.js';
import { toStoredMethod, type StoredCards } from './stored-cards.js';

/**
 * `POST /payment/checkout-info/` (checkout §7) for a buyer or a guest: the order summary as
 * priced for the page, and the configs it asks for: the payment methods offered for the order
 * with the provider's facts and the buyer's saved cards (`checkout_config`), the billing
 * country's fields (`billing_config`) and the tax (`tax_config`).
 */
export function createCheckoutInfo(deps: {
  quotes: Pick<CheckoutQuotes, 'quoteFor' | 'orderSummaryOf'>;
  registry: MethodRegistry;
  gateway: Pick<PaymentGateway, 'publishableKey' | 'browserSdkUrl'>;
  providerFacts: ProviderFacts;
  storedCards: Pick<StoredCards, 'cardsOf'>;
  marketOf: (quote: CheckoutQuote) => MethodMarket;
}) {
  const { quotes, registry, gateway, providerFacts, storedCards, marketOf } = deps;

  /**
   * The order priced in each charge currency some method needs instead of the display one
   * (decision 0010): the same courses, coupons and tax rate, in that currency's tier amounts.
   */
  async function representmentsFor(
    buyer: number | GuestQuoteBuyer,
    pricing: PricingContext,
    request: CheckoutInfoRequest,
    display: CurrencyCode,
    market: MethodMarket,
  ): Promise<Map<CurrencyCode, PriceRepresentment>> {
    const result = new Map<CurrencyCode, PriceRepresentment>();
    for (const currency of registry.chargeCurrenciesFor(display, market)) {
      const { quote } = await quotes.quoteFor(
        buyer,
        pricing,
        request.shopping_info.items,
        request.billing_address,
        'display',
        currency,
      );
      const priceText = formatMoney(money(quote.total, currency), pricing.intlLocale);
      result.set(currency, {
        currency,
        originalCurrency: display,
        price_text: priceText,
        warning: `This payment method is charged in ${currency}: you will pay ${priceText}.`,
      });
    }
    return result;
  }

  return async function infoFor(
    buyer: number | GuestQuoteBuyer,
    pricing: PricingContext,
    request: CheckoutInfoRequest,
  ): Promise<CheckoutInfoResponse> {
    const wants = new Set(request.requested_configs);
    // The provider facts do not depend on the price: fetched alongside it (an unpaid order drops them).
    const provider = wants.has('checkout_config')
      ? Promise.all([
          providerFacts.methodStatuses(),
          providerFacts.encryptionKey(),
          typeof buyer === 'number' ? storedCards.cardsOf(buyer) : Promise.resolve([]),
        ])
      : null;
    provider?.catch(() => {}); // awaited below; a failure must not go unhandled meanwhile
    const { quote, balance, taxError } = await quotes.quoteFor(
      buyer,
      pricing,
      request.shopping_info.items,
      request.billing_address,
      'display',
    );
    const data: CheckoutInfoResponse['data'] = {
      order_summary: quotes.orderSummaryOf(quote, pricing.intlLocale),
    };
    if (provider) {
      const paid = !quote.isFree && !quote.isFullyPaidByCredit;
      const market = marketOf(quote);
      const [[statuses, key, stored], representments] = await Promise.all([
        paid ? provider : ([{}, null, []] as const),
        paid
          ? representmentsFor(buyer, pricing, request, quote.currency, market)
          : new Map<CurrencyCode, PriceRepresentment>(),
      ]);
      data.checkout_config = {
        payment_methods: registry.methodsFor(
          {
            // Field by field: a spread here cost more than the rest of the quote (decision 0016).
            country: market.country,
            product: market.product,
            quote,
            statuses,
            publishableKey: gateway.publishableKey,
            sdkUrl: gateway.browserSdkUrl,
            encryptionKey: key,
            storedCards: stored.map(toStoredMethod).filter((method) => method !== null),
          },
          representments,
        ),
        credit_is_usable: balance.amount > 0 && !quote.isFree,
      };
    }
    if (wants.has('billing_config')) {
      data.billing_config = {
        country: quote.country,
        secondary_location: secondaryLocationFieldOf(quote.country),
        secondary_location_info: quote.secondaryLocation,
      };
    }
    if (wants.has('tax_config')) {
      data.tax_config = {
        tax_rate: quote.taxRate,
        tax_breakdown_type: quote.taxMode,
        total_tax_amount: quote.tax,
        currency: quote.currency,
        country_code: quote.country,
        secondary_location_info: quote.secondaryLocation,
        error: taxError,
      };
    }
    return { status: 'succeeded', message: null, data };
  };
}
