import {
  FREE_METHOD,
  FULL_CREDIT_METHOD,
  type CheckoutProduct,
  type CurrencyCode,
  type GatewayStatus,
  type Money,
  type PaymentInfo,
  type PaymentMethodConfig,
  type PaymentVendor,
  type PriceRepresentment,
  type StoredPaymentMethod,
} from '@lectern/domain';
import type {
  GatewayMethodStatus,
  GatewayPayment,
  GatewayStatusKey,
  PaymentGateway,
} from '../payments/payment-gateway.js';
import type { CheckoutQuote } from './checkout-quote.js';
import type { AttemptRow } from './checkout.repository.js';

/** The provider's availability per method type (types not reported are up). */
export type MethodStatuses = Partial<Record<GatewayStatusKey, GatewayMethodStatus>>;

/** Where a method is sold: the billing country and what is being bought. */
export interface MethodMarket {
  country: string;
  product: CheckoutProduct;
}

/** What a method needs to decide whether and how it is offered. */
export interface MethodOfferContext extends MethodMarket {
  quote: CheckoutQuote;
  statuses: MethodStatuses;
  publishableKey: string;
  /** Where browsers load the provider's SDK (its Stripe.js). */
  sdkUrl: string;
  /** The provider's card encryption key as a JWK JSON string, when it has one. */
  encryptionKey: string | null;
  /** The buyer's saved cards (checkout §3 stored methods), newest first. */
  storedCards: StoredPaymentMethod[];
}

/** A method as a plugin offers it; the registry adds the price info, numbers and selects. */
export type OfferedMethod = Omit<PaymentMethodConfig, 'selected'>;

export interface CheckoutBuyer {
  id: number;
  email: string;
  name: string;
  /** Their IANA time zone, when they set one: a gift's delivery date is theirs. */
  timeZone?: string | null;
}

/** What a plugin gets to pay a claimed attempt. */
export interface PayRequest {
  attempt: AttemptRow;
  buyer: CheckoutBuyer;
  info: PaymentInfo;
  /** What to charge: the attempt's amount in its charge currency. */
  amount: Money;
  gateway: PaymentGateway;
  /** The buyer's provider customer, created on first use. */
  customer(): Promise<string>;
  /** The idempotency key of one step of this attempt (design §4). */
  idempotencyKey(step: string): string;
  /** Where the provider sends the buyer back: the attempt's success page, absolute. */
  returnUrl: string;
  /** Where the attempt is sold (its billing country and product). */
  market: MethodMarket;
}

/** A plugin's verdict before any provider call: the attempt ends with this checkout §8 code. */
export interface PayRefusal {
  refused: string;
}

/**
 * How the attempt continues after the provider's payment needs the buyer:
 * - `card`: the SDK handles the card action (3-D Secure) in place;
 * - `confirm`: the browser confirms the payment with its client secret (buy now, pay later),
 *   then the provider's approval page sends the buyer to the success page;
 * - `redirect`: the buyer goes to the provider's page (bank, wallet) or, for vouchers and
 *   debits that settle later, straight to the success page, which follows the attempt.
 */
export type MethodFlow = 'card' | 'confirm' | 'redirect';

/**
 * One kind of payment method (checkout §1): which vendor and type pairs it pays, where it is
 * sold, how it is offered, and how a submit pays with it. The registry in checkout.service.ts
 * holds them all; adding a method is adding a plugin.
 */
export interface CheckoutMethodPlugin {
  /** The vendor and type pairs it pays: a submit finds its plugin by them. */
  readonly handles: readonly { vendor: PaymentVendor; type: string }[];
  readonly flow: MethodFlow;
  /**
   * The currencies the provider charges these methods in; absent: every display currency.
   * Otherwise the order is charged in USD (or the first listed) and the methods carry
   * `price_info.representment` with that amount (decision 0010).
   */
  readonly chargeCurrencies?: readonly CurrencyCode[];
  /** Whether it is sold in this market at all (checkout §4 availability). */
  offeredIn(market: MethodMarket): boolean;
  /** The provider's status of the method `type` (checkout §3 gateway_status). */
  gatewayStatus(statuses: MethodStatuses, type: string): GatewayStatus;
  /** Methods offered for a paid order in a market it is sold in. */
  offer(context: MethodOfferContext): OfferedMethod[];
  /**
   * A submit's credentials checked before anything is stored or charged: field errors (a 400
   * that changes nothing), or null when they are complete.
   */
  credentialsError(info: PaymentInfo, market: MethodMarket): Record<string, string[]> | null;
  /** Creates the provider payment of a claimed attempt (confirmed unless the flow is `confirm`). */
  pay(request: PayRequest): Promise<GatewayPayment | PayRefusal>;
}

/** The fallback charge currency of methods that cannot charge the display currency. */
export const REPRESENTMENT_CURRENCY: CurrencyCode = 'USD';

/** The currency a plugin's methods charge an order shown in `display`. */
export function chargeCurrencyOf(plugin: CheckoutMethodPlugin, display: CurrencyCode): CurrencyCode {
  const accepted = plugin.chargeCurrencies;
  if (!accepted || accepted.includes(display)) return display;
  return accepted.includes(REPRESENTMENT_CURRENCY) ? REPRESENTMENT_CURRENCY : (accepted[0] ?? display);
}

/** The provider's status of one of its method types. */
export const statusOf = (statuses: MethodStatuses, key: GatewayStatusKey): GatewayStatus =>
  statuses[key] ?? 'up';

/**
 * The methods of a checkout (checkout §4): a free order gets only the free method, one that
 * credit pays in full only the credit method, anything else what the plugins sold in its
 * market offer. The first method is marked selected.
 */
export function createMethodRegistry(plugins: readonly CheckoutMethodPlugin[]) {
  /**
   * Most checkouts in a market get the very same methods (no saved card, no representment):
   * those lists are built once per provider snapshot (the statuses object, cached for seconds)
   * and shared, frozen, so the answer's serializer reuses their JSON too (decision 0016).
   */
  const shared = new WeakMap<MethodStatuses, Map<string, PaymentMethodConfig[]>>();
  // Fixed by the plugins: one list per display currency and market (a few hundred at most).
  const chargeCurrencies = new Map<string, readonly CurrencyCode[]>();

  function build(
    context: MethodOfferContext,
    representments: ReadonlyMap<CurrencyCode, PriceRepresentment>,
  ): PaymentMethodConfig[] {
    let offered: OfferedMethod[];
    if (context.quote.isFree) {
      offered = [{ ...FREE_METHOD, name: 'Free', gateway_status: 'up', options: {} }];
    } else if (context.quote.isFullyPaidByCredit) {
      offered = [{ ...FULL_CREDIT_METHOD, name: 'Account credit', gateway_status: 'up', options: {} }];
    } else {
      offered = plugins.flatMap((plugin) => {
        if (!plugin.offeredIn(context)) return [];
        const charge = chargeCurrencyOf(plugin, context.quote.currency);
        const representment = charge === context.quote.currency ? null : representments.get(charge);
        // Not priced in its charge currency: it cannot be offered.
        if (representment === undefined) return [];
        return plugin
          .offer(context)
          .map((method) => ({ ...method, options: { ...method.options, price_info: { representment } } }));
      });
    }
    // Saved cards first: the first method is open by default (checkout §2), and a returning
    // buyer most likely pays the way they did before.
    const ordered = [
      ...offered.filter((method) => method.mode === 'stored'),
      ...offered.filter((method) => method.mode !== 'stored'),
    ];
    return ordered.map((method, index) => ({ ...method, selected: index === 0 }));
  }

  return {
    methodsFor(
      context: MethodOfferContext,
      representments: ReadonlyMap<CurrencyCode, PriceRepresentment>,
    ): PaymentMethodConfig[] {
      if (context.storedCards.length > 0 || representments.size > 0) return build(context, representments);
      const { quote } = context;
      const key = [
        context.country,
        context.product,
        quote.currency,
        quote.isFree,
        quote.isFullyPaidByCredit,
        context.publishableKey,
        context.sdkUrl,
        context.encryptionKey,
      ].join('|');
      let byMarket = shared.get(context.statuses);
      if (!byMarket) shared.set(context.statuses, (byMarket = new Map()));
      let methods = byMarket.get(key);
      if (!methods) {
        methods = deepFreeze(build(context, representments));
        byMarket.set(key, methods);
      }
      return methods;
    },

    /** The charge currencies other than `display` that the methods sold in `market` need. */
    chargeCurrenciesFor(display: CurrencyCode, market: MethodMarket): readonly CurrencyCode[] {
      const key = `${display}|${market.country}|${market.product}`;
      let currencies = chargeCurrencies.get(key);
      if (!currencies) {
        const needed = plugins
          .filter((plugin) => plugin.offeredIn(market))
          .map((plugin) => chargeCurrencyOf(plugin, display));
        currencies = [...new Set(needed)].filter((currency) => currency !== display);
        chargeCurrencies.set(key, currencies);
      }
      return currencies;
    },

    /** The plugin paying a vendor and type, if any offers it. */
    pluginFor(vendor: string, type: string): CheckoutMethodPlugin | undefined {
      return plugins.find((plugin) =>
        plugin.handles.some((name) => name.vendor === vendor && name.type === type),
      );
    },
  };
}

export type MethodRegistry = ReturnType<typeof createMethodRegistry>;

/** Freezes a shared value all the way down: a request that changed it would change them all. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
