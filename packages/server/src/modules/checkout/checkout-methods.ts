import {
  FREE_METHOD,
  FULL_CREDIT_METHOD,
  type CurrencyCode,
  type GatewayStatus,
  type PaymentMethodConfig,
  type PaymentVendor,
  type PriceRepresentment,
  type StoredPaymentMethod,
} from '@lectern/domain';
import type { GatewayMethodStatus, GatewayStatusKey } from '../payments/payment-gateway.js';
import type { CheckoutQuote } from './checkout-quote.js';

/** What a method needs to decide whether and how it is offered. */
export interface MethodOfferContext {
  quote: CheckoutQuote;
  /** The billing country. */
  country: string;
  /** The provider's availability per method type (types not reported are up). */
  statuses: Partial<Record<GatewayStatusKey, GatewayMethodStatus>>;
  publishableKey: string;
  /** Where browsers load the provider's SDK (its Stripe.js). */
  sdkUrl: string;
  /** The provider's card encryption key as a JWK JSON string, when it has one. */
  encryptionKey: string | null;
  /** The buyer's saved cards (checkout §3 stored methods), newest first. */
  storedCards: StoredPaymentMethod[];
  /** The order priced in each charge currency that differs from the display one (see below). */
  representments: ReadonlyMap<CurrencyCode, PriceRepresentment>;
}

/** A method as a plugin offers it; the registry numbers and selects. */
export type OfferedMethod = Omit<PaymentMethodConfig, 'selected'>;

/**
 * One kind of payment method. Issue 6's methods (BNPL, wallets, local methods) are more
 * plugins of this shape, added to the registry in checkout.service.ts.
 */
export interface CheckoutMethodPlugin {
  /** The vendor and type pairs it pays: a submit finds its plugin by them. */
  readonly handles: readonly { vendor: PaymentVendor; type: string }[];
  /**
   * The currencies the provider charges these methods in; absent: every display currency.
   * Otherwise the order is charged in USD (or the first listed) and the methods carry
   * `price_info.representment` with that amount (decision 0010).
   */
  readonly chargeCurrencies?: readonly CurrencyCode[];
  /** Methods offered for a paid order (free and full-credit orders have their pseudo methods). */
  offer(context: MethodOfferContext): OfferedMethod[];
}

/** The fallback charge currency of methods that cannot charge the display currency. */
export const REPRESENTMENT_CURRENCY: CurrencyCode = 'USD';

/** The currency a plugin's methods charge an order shown in `display`. */
export function chargeCurrencyOf(plugin: CheckoutMethodPlugin, display: CurrencyCode): CurrencyCode {
  const accepted = plugin.chargeCurrencies;
  if (!accepted || accepted.includes(display)) return display;
  return accepted.includes(REPRESENTMENT_CURRENCY) ? REPRESENTMENT_CURRENCY : (accepted[0] ?? display);
}

/** Card brands accepted, in the display order of checkout §9 (the browser trims to six). */
export const CARD_BRAND_CODES = ['visa', 'mc', 'amex', 'discover', 'jcb', 'diners', 'unionpay'];
/** Countries whose issuers expect the CVC again on a saved card. */
export const CVC_ON_SAVED_CARD_COUNTRIES: ReadonlySet<string> = new Set(['IN']);
/** method_id of the card form; saved cards follow from STORED_CARD_METHOD_ID_BASE. */
export const CARD_METHOD_ID = 2;
export const STORED_CARD_METHOD_ID_BASE = 100;

const statusOf = (context: MethodOfferContext, key: GatewayStatusKey): GatewayStatus =>
  context.statuses[key] ?? 'up';

/** Cards entered in the form (CardToken direct) and the buyer's saved cards (CardToken stored). */
export const cardMethods: CheckoutMethodPlugin = {
  // Encrypted cards (encrypted_data) go to the same provider as tokenized ones.
  handles: [
    { vendor: 'CardToken', type: 'card' },
    { vendor: 'CardEncrypted', type: 'scheme' },
  ],
  offer(context) {
    const gatewayStatus = statusOf(context, 'card');
    const card: OfferedMethod = {
      method_id: CARD_METHOD_ID,
      vendor: 'CardToken',
      mode: 'direct',
      type: 'card',
      name: 'Card',
      gateway_status: gatewayStatus,
      options: {
        client_publishable_key: context.publishableKey,
        client_sdk_url: context.sdkUrl,
        ...(context.encryptionKey ? { encryption_public_key: context.encryptionKey } : {}),
        storing_payment_method_disabled: false,
        store_payment_method_default_override: null,
        brand_codes: CARD_BRAND_CODES,
      },
    };
    const stored = context.storedCards.map((storedCard, index): OfferedMethod => ({
      method_id: STORED_CARD_METHOD_ID_BASE + index,
      vendor: 'CardToken',
      mode: 'stored',
      type: 'card',
      name: `${storedCard.payment_method_details.card.brand} •••• ${storedCard.payment_method_details.card.last_4_digit}`,
      gateway_status: gatewayStatus,
      options: {
        client_publishable_key: context.publishableKey,
        client_sdk_url: context.sdkUrl,
        is_cvc_required_on_saved_card: CVC_ON_SAVED_CARD_COUNTRIES.has(context.country),
        stored_payment_method: storedCard,
      },
    }));
    // Saved cards first: the first method is open by default (checkout §2).
    return [...stored, card];
  },
};

/**
 * The methods of a checkout (checkout §4): a free order gets only the free method, one that
 * credit pays in full only the credit method, anything else what the plugins offer. The
 * first method is marked selected.
 */
export function createMethodRegistry(plugins: readonly CheckoutMethodPlugin[]) {
  return {
    methodsFor(context: MethodOfferContext): PaymentMethodConfig[] {
      let offered: OfferedMethod[];
      if (context.quote.isFree) {
        offered = [{ ...FREE_METHOD, name: 'Free', gateway_status: 'up', options: {} }];
      } else if (context.quote.isFullyPaidByCredit) {
        offered = [{ ...FULL_CREDIT_METHOD, name: 'Account credit', gateway_status: 'up', options: {} }];
      } else {
        offered = plugins.flatMap((plugin) => {
          const charge = chargeCurrencyOf(plugin, context.quote.currency);
          const representment = charge === context.quote.currency ? null : context.representments.get(charge);
          // Not priced in its charge currency: it cannot be offered.
          if (representment === undefined) return [];
          return plugin
            .offer(context)
            .map((method) => ({ ...method, options: { ...method.options, price_info: { representment } } }));
        });
      }
      return offered.map((method, index) => ({ ...method, selected: index === 0 }));
    },

    /** The charge currencies other than `display` that some plugin needs the order priced in. */
    chargeCurrenciesFor(display: CurrencyCode): CurrencyCode[] {
      return [...new Set(plugins.map((plugin) => chargeCurrencyOf(plugin, display)))].filter(
        (currency) => currency !== display,
      );
    },

    /** The plugin paying a vendor and type, if any offers it. */
    pluginFor(vendor: string, type: string): CheckoutMethodPlugin | undefined {
      return plugins.find((plugin) =>
        plugin.handles.some((name) => name.vendor === vendor && name.type === type),
      );
    },
  };
}
