import {
  FREE_METHOD,
  acceptsTaxNumber,
  secondaryLocationFieldOf,
  type CurrencyCode,
  type PaymentMethodConfig,
  type SubscriptionCheckoutInfo,
  cardBrandName,
} from '@lectern/domain';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import type { SubscriptionCheckoutInfoRequest } from './subscription-checkout.schemas.js';
import { summaryOf, type PurchaseReader } from './subscription-purchase.js';

/** The provider facts every checkout page shows, shared with the course checkout's caches. */
export interface ProviderFacts {
  cardMethod(): Promise<PaymentMethodConfig>;
}

/** `POST /payment/checkout-info/` with `checkout_environment: 'Subscription'`. */
export async function subscriptionCheckoutInfo(
  deps: { purchases: PurchaseReader; providerFacts: ProviderFacts },
  buyer: CheckoutBuyer,
  defaultCountry: string,
  request: SubscriptionCheckoutInfoRequest,
): Promise<SubscriptionCheckoutInfo> {
  const purchase = await deps.purchases.purchaseOf(buyer, request.checkout_event, request, defaultCountry);
  const price = await deps.purchases.priceOf(purchase, request.checkout_event);
  const wants = new Set(request.requested_configs);
  const profile = purchase.profile;
  const data: SubscriptionCheckoutInfo['data'] = { subscription_summary: summaryOf(purchase, price) };
  if (wants.has('checkout_config')) {
    const free =
      price.today.total.amount === 0 &&
      !['Info', 'Submit', 'ResubscribeSubmit', 'Update'].includes(request.checkout_event);
    const methods: PaymentMethodConfig[] = [];
    if (free)
      methods.push({ ...FREE_METHOD, name: 'Free', gateway_status: 'up', options: {}, selected: true });
    else {
      const card = await deps.providerFacts.cardMethod();
      // Checkout §4: stored methods are left out of a card update.
      if (profile?.paymentMethodId && request.checkout_event !== 'Update') {
        methods.push({
          ...card,
          method_id: 100,
          mode: 'stored',
          name: `${profile.cardBrand ? cardBrandName(profile.cardBrand) : 'Card'} •••• ${profile.cardLast4 ?? ''}`,
          options: {
            ...card.options,
            stored_payment_method: {
              id: `stored_${profile.paymentMethodId}`,
              payment_method_details: {
                card: {
                  brand: profile.cardBrand ?? 'card',
                  last_4_digit: profile.cardLast4 ?? '',
                  card_holder_name: null,
                  expiry_month: profile.cardExpMonth ?? 0,
                  expiry_year: profile.cardExpYear ?? 0,
                  card_bin: null,
                  additional_data: null,
                },
              },
              fraud_context: null,
            } as never,
          },
          selected: true,
        });
      }
      methods.push({ ...card, selected: methods.length === 0 });
    }
    data.checkout_config = { payment_methods: methods, credit_is_usable: false };
  }
  if (wants.has('billing_config')) {
    data.billing_config = {
      country: purchase.location.country,
      secondary_location: secondaryLocationFieldOf(purchase.location.country),
      secondary_location_info: purchase.location.secondaryLocation,
      address_line1: profile?.addressLine1 ?? null,
      address_line2: profile?.addressLine2 ?? null,
      customer_name: profile?.customerName ?? null,
      tax_number: profile?.taxNumber ?? null,
      tax_number_enabled: acceptsTaxNumber(purchase.location.country),
    };
  }
  if (wants.has('tax_config')) {
    data.tax_config = {
      tax_rate: price.quote.taxRate,
      tax_breakdown_type: price.quote.taxMode,
      total_tax_amount: price.today.tax.amount,
      total_tax_included_amount: price.today.total.amount,
      total_tax_excluded_amount: price.today.total.amount - price.today.tax.amount,
      currency: price.quote.currency as CurrencyCode,
      country_code: purchase.location.country,
      secondary_location_info: purchase.location.secondaryLocation,
      proration_tax_context: price.proration
        ? { tax_amount: price.today.tax.amount, tax_rate: price.quote.taxRate }
        : null,
      error: price.taxError,
    };
  }
  return { status: 'succeeded' as const, message: null, data };
}
