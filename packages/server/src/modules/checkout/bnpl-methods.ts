import {
  BNPL_ADDRESS_LIMITS,
  BNPL_INSTALMENTS,
  BNPL_INTERVAL_WEEKS,
  bnplAddressError,
  bnplTimeline,
  money,
  type BnplInfoResponse,
  type CheckoutProduct,
  type CurrencyCode,
  type PaymentInfo,
} from '@lectern/domain';
import type { GatewayMethodType } from '../payments/payment-gateway.js';
import type { CheckoutQuote } from './checkout-quote.js';
import { statusOf, type CheckoutMethodPlugin, type MethodMarket } from './checkout-methods.js';

/**
 * A buy-now-pay-later method (checkout §1, §4): the browser creates its payment method with
 * the provider's SDK, the server creates the payment unconfirmed, and the browser confirms it
 * with the client secret, which takes the buyer through the provider's approval page.
 */
interface BnplMethodSpec {
  methodId: number;
  type: Extract<GatewayMethodType, 'affirm' | 'afterpay_clearpay'>;
  name: string;
  /** Checkout §2: one asks for an address, the other for nothing. */
  kind: 'address' | 'fieldless';
  countries: readonly string[];
  currencies: readonly CurrencyCode[];
  offer: string;
}

/** Instalment plans are sold for one-time purchases only: no BNPL for subscriptions. */
const ONE_TIME_PRODUCTS: readonly CheckoutProduct[] = ['course'];

export const BNPL_METHODS: readonly BnplMethodSpec[] = [
  {
    methodId: 5,
    type: 'afterpay_clearpay',
    name: 'Afterpay',
    kind: 'address',
    countries: ['US', 'CA', 'AU', 'GB'],
    currencies: ['USD', 'CAD', 'AUD', 'GBP'],
    offer: 'Pay in 4 interest-free payments',
  },
  {
    methodId: 6,
    type: 'affirm',
    name: 'Affirm',
    kind: 'fieldless',
    countries: ['US', 'CA'],
    currencies: ['USD', 'CAD'],
    offer: 'Pay over time with Affirm',
  },
];

const ADDRESS_FIELDS = ['name', 'address_line1', 'city', 'state', 'country', 'postal_code'] as const;

/** Checkout §5: the address the address-based method's payment method was created with. */
function addressError(info: PaymentInfo, market: MethodMarket): Record<string, string[]> | null {
  const credentials = info.credentials as Record<string, unknown>;
  const text = (name: string) => (typeof credentials[name] === 'string' ? (credentials[name] as string) : '');
  const missing = ADDRESS_FIELDS.filter((name) => typeof credentials[name] !== 'string');
  if (missing.length > 0) {
    return { 'payment_info.credentials': [`Send the address fields: ${missing.join(', ')}.`] };
  }
  const message = bnplAddressError(
    { line1: text('address_line1'), city: text('city'), state: text('state'), zip: text('postal_code') },
    market.country,
  );
  if (message) return { 'payment_info.credentials': [message] };
  if (text('postal_code').length > 10 || text('address_line1').length > BNPL_ADDRESS_LIMITS.address) {
    return { 'payment_info.credentials': ['The address is too long.'] };
  }
  return null;
}

function bnplPlugin(spec: BnplMethodSpec): CheckoutMethodPlugin {
  return {
    handles: [{ vendor: 'CardToken', type: spec.type }],
    flow: 'confirm',
    chargeCurrencies: spec.currencies,
    offeredIn: (market) =>
      spec.countries.includes(market.country) && ONE_TIME_PRODUCTS.includes(market.product),
    gatewayStatus: (statuses) => statusOf(statuses, spec.type),
    offer: (context) => [
      {
        method_id: spec.methodId,
        vendor: 'CardToken',
        mode: 'direct',
        type: spec.type,
        name: spec.name,
        gateway_status: statusOf(context.statuses, spec.type),
        options: {
          client_publishable_key: context.publishableKey,
          client_sdk_url: context.sdkUrl,
          display_offer: { value: spec.offer },
        },
      },
    ],
    credentialsError(info, market) {
      if (!('payment_method_id' in info.credentials)) {
        return { 'payment_info.credentials': ['Send the payment_method_id the provider created.'] };
      }
      return spec.kind === 'address' ? addressError(info, market) : null;
    },
    async pay(request) {
      const { credentials } = request.info;
      if (!('payment_method_id' in credentials)) return { refused: 'n/a' };
      // Left unconfirmed: the browser confirms it, and the provider's approval page follows.
      return request.gateway.createPayment(
        {
          amount: request.amount,
          paymentMethodId: credentials.payment_method_id,
          methodTypes: [spec.type],
          description: `Lectern order ${request.attempt.id}`,
          receiptEmail: request.buyer.email,
          metadata: { payment_attempt_id: request.attempt.id },
        },
        { idempotencyKey: request.idempotencyKey('payment') },
      );
    },
  };
}

export const bnplMethodPlugins: readonly CheckoutMethodPlugin[] = BNPL_METHODS.map(bnplPlugin);

/**
 * `POST /payment/checkout-bnpl-info/` (team-plan §7): for each buy-now-pay-later method, whether
 * it is sold for this order (its billing country and currency; never for a free order) and, for
 * those paid in instalments, the payment timeline of checkout §9 in the order's currency.
 */
export function bnplInfoOf(quote: Pick<CheckoutQuote, 'country' | 'currency' | 'total'>): BnplInfoResponse {
  const total = money(quote.total, quote.currency);
  return {
    methods: BNPL_METHODS.map((spec) => {
      const available =
        quote.total > 0 && spec.countries.includes(quote.country) && spec.currencies.includes(quote.currency);
      const payments = BNPL_INSTALMENTS[spec.type as keyof typeof BNPL_INSTALMENTS] ?? null;
      return {
        payment_method: spec.type,
        name: spec.name,
        offer: spec.offer,
        available,
        num_payments: payments,
        interval_weeks: payments ? BNPL_INTERVAL_WEEKS : null,
        timeline:
          available && payments
            ? bnplTimeline(total, payments).map((payment) => ({
                label: payment.label,
                weeks_from_now: payment.weeksFromNow,
                amount: payment.amount,
              }))
            : [],
      };
    }),
  };
}
