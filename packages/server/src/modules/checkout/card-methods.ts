import {
  CHECKOUT_MESSAGES,
  DOCUMENT_COUNTRIES,
  documentError,
  installmentError,
  installmentOptionsFor,
  normalizeDocument,
  type GatewayStatus,
  type PaymentInfo,
  cardBrandName,
} from '@lectern/domain';
import {
  GatewayError,
  GATEWAY_WALLETS,
  type GatewayPayment,
  type GatewayPaymentMethod,
} from '../payments/payment-gateway.js';
import {
  statusOf,
  type CheckoutMethodPlugin,
  type MethodMarket,
  type MethodOfferContext,
  type OfferedMethod,
  type PayRefusal,
  type PayRequest,
} from './checkout-methods.js';
import { STORED_CARD_PREFIX } from './stored-cards.js';

/** Card brands accepted, in the display order of checkout §9 (the browser trims to six). */
export const CARD_BRAND_CODES = ['visa', 'mc', 'amex', 'discover', 'jcb', 'diners', 'unionpay'];
/** Countries whose issuers expect the CVC again on a saved card. */
export const CVC_ON_SAVED_CARD_COUNTRIES: ReadonlySet<string> = new Set(['IN']);
/** Checkout §8 `international_card_not_allowed`: only cards issued in the country are accepted. */
export const DOMESTIC_CARDS_ONLY: ReadonlySet<string> = new Set(['IN']);
/**
 * Countries paid through the local-payments provider's card form (document and instalments,
 * checkout §2 and §5) instead of the international card form.
 */
export const LOCAL_CARD_COUNTRIES: ReadonlySet<string> = new Set(DOCUMENT_COUNTRIES);

/** method_id of each card form; saved cards follow from STORED_CARD_METHOD_ID_BASE. */
export const CARD_METHOD_ID = 2;
export const LOCAL_CARD_METHOD_ID = 3;
export const EXPRESS_METHOD_ID = 4;
export const STORED_CARD_METHOD_ID_BASE = 100;

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' } as const;

const credentialsMissing = (names: string) => ({
  'payment_info.credentials': [`Send the card credentials: ${names}.`],
});

const notFoundAsNull = (error: unknown) => {
  if (error instanceof GatewayError && (error.kind === 'not_found' || error.kind === 'invalid_request'))
    return null;
  throw error;
};

/**
 * Charges a card payment method, confirmed at once (3-D Secure follows as an action). Where
 * only domestic cards are accepted, a card issued elsewhere is refused before any charge.
 */
async function chargeCard(
  request: PayRequest,
  method: GatewayPaymentMethod | string,
  options: { customerId?: string; saveCard?: boolean; metadata?: Record<string, string> } = {},
): Promise<GatewayPayment | PayRefusal> {
  const { gateway, attempt } = request;
  if (DOMESTIC_CARDS_ONLY.has(attempt.quote.country)) {
    const card =
      typeof method === 'string'
        ? (await gateway.retrievePaymentMethod(method).catch(notFoundAsNull))?.card
        : method.card;
    if (card?.country !== attempt.quote.country) return { refused: 'international_card_not_allowed' };
  }
  return gateway.createPayment(
    {
      amount: request.amount,
      customerId: options.customerId,
      paymentMethodId: typeof method === 'string' ? method : method.id,
      methodTypes: ['card'],
      confirm: true,
      ...(options.saveCard ? { setupFutureUsage: 'off_session' as const } : {}),
      description: `Lectern order ${attempt.id}`,
      receiptEmail: request.buyer.email,
      metadata: { payment_attempt_id: attempt.id, ...options.metadata },
    },
    { idempotencyKey: request.idempotencyKey('payment') },
  );
}

/** A card the buyer entered: a provider token, or the JWE of its fields. */
async function payEnteredCard(request: PayRequest): Promise<GatewayPaymentMethod | string | PayRefusal> {
  const { credentials } = request.info;
  if ('encrypted_data' in credentials) {
    const quote = request.attempt.quote;
    return request.gateway.createPaymentMethod(
      {
        type: 'card',
        encryptedCard: credentials.encrypted_data,
        billingDetails: {
          email: request.buyer.email,
          address: {
            country: credentials.card_country,
            postalCode: quote.country === 'US' ? quote.secondaryLocation : null,
            line1: null,
            line2: null,
            city: null,
            state: null,
          },
        },
      },
      { idempotencyKey: request.idempotencyKey('method') },
    );
  }
  if ('payment_method_id' in credentials) return credentials.payment_method_id;
  return { refused: 'card_declined' };
}

const isRefusal = (value: unknown): value is PayRefusal =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** The card form's method (checkout §3): cards tokenized by the provider's SDK or encrypted in the browser. */
export function enteredCardMethod(
  context: Pick<MethodOfferContext, 'statuses' | 'publishableKey' | 'sdkUrl' | 'encryptionKey'>,
): OfferedMethod {
  return {
    method_id: CARD_METHOD_ID,
    vendor: 'CardToken',
    mode: 'direct',
    type: 'card',
    name: 'Card',
    gateway_status: statusOf(context.statuses, 'card'),
    options: {
      client_publishable_key: context.publishableKey,
      client_sdk_url: context.sdkUrl,
      ...(context.encryptionKey ? { encryption_public_key: context.encryptionKey } : {}),
      storing_payment_method_disabled: false,
      store_payment_method_default_override: null,
      brand_codes: CARD_BRAND_CODES,
    },
  };
}

/** Cards entered in the form (CardToken direct, or CardEncrypted) and the buyer's saved cards. */
export const cardMethods: CheckoutMethodPlugin = {
  // Encrypted cards (encrypted_data) go to the same provider as tokenized ones.
  handles: [
    { vendor: 'CardToken', type: 'card' },
    { vendor: 'CardEncrypted', type: 'scheme' },
  ],
  flow: 'card',
  offeredIn: (market) => !LOCAL_CARD_COUNTRIES.has(market.country),
  gatewayStatus: (statuses) => statusOf(statuses, 'card'),
  offer(context) {
    const gatewayStatus = statusOf(context.statuses, 'card');
    const card = enteredCardMethod(context);
    const stored = context.storedCards.map((storedCard, index): OfferedMethod => ({
      method_id: STORED_CARD_METHOD_ID_BASE + index,
      vendor: 'CardToken',
      mode: 'stored',
      type: 'card',
      name: `${cardBrandName(storedCard.payment_method_details.card.brand)} •••• ${storedCard.payment_method_details.card.last_4_digit}`,
      gateway_status: gatewayStatus,
      options: {
        client_publishable_key: context.publishableKey,
        client_sdk_url: context.sdkUrl,
        is_cvc_required_on_saved_card: CVC_ON_SAVED_CARD_COUNTRIES.has(context.country),
        stored_payment_method: storedCard,
      },
    }));
    return [...stored, card];
  },
  credentialsError(info) {
    const names = ['payment_method_id', 'encrypted_data', 'stored_payment_method_id'];
    return names.some((name) => name in info.credentials) ? null : credentialsMissing(names.join(', '));
  },
  async pay(request) {
    const { credentials } = request.info;
    if ('stored_payment_method_id' in credentials) {
      const customerId = await request.customer();
      const storedId = credentials.stored_payment_method_id.replace(STORED_CARD_PREFIX, '');
      const method = await request.gateway.retrievePaymentMethod(storedId).catch(notFoundAsNull);
      // Another customer's card is answered exactly like a missing one.
      if (!method || method.customerId !== customerId) return { refused: 'stored_payment_method_not_found' };
      return chargeCard(request, method, { customerId });
    }
    const saveCard = request.info.remember_me === true;
    const method = await payEnteredCard(request);
    if (isRefusal(method)) return method;
    return chargeCard(request, method, {
      saveCard,
      ...(saveCard ? { customerId: await request.customer() } : {}),
    });
  },
};

/**
 * The express method (checkout §1, §4): Apple Pay and Google Pay buttons. The wallet's pay
 * sheet hands the browser a card payment method, charged like any card. Only wallets the
 * provider has up are listed; the browser shows them once the SDK reports them available.
 */
export const expressMethods: CheckoutMethodPlugin = {
  handles: [{ vendor: 'CardToken', type: 'express' }],
  flow: 'card',
  offeredIn: (market) => !LOCAL_CARD_COUNTRIES.has(market.country),
  gatewayStatus(statuses) {
    const walletStatuses = GATEWAY_WALLETS.map((wallet) => statusOf(statuses, wallet));
    if (walletStatuses.every((status) => status === 'down')) return 'down';
    return walletStatuses.includes('degraded') ? 'degraded' : 'up';
  },
  offer(context) {
    const apps = GATEWAY_WALLETS.filter((wallet) => statusOf(context.statuses, wallet) !== 'down').map(
      (wallet) => ({ app_id: wallet, name: WALLET_NAMES[wallet] }),
    );
    return [
      {
        method_id: EXPRESS_METHOD_ID,
        vendor: 'CardToken',
        mode: 'common',
        type: 'express',
        name: 'Express checkout',
        gateway_status: this.gatewayStatus(context.statuses, 'express'),
        options: {
          client_publishable_key: context.publishableKey,
          client_sdk_url: context.sdkUrl,
          apps,
        },
      },
    ];
  },
  credentialsError: (info) =>
    'payment_method_id' in info.credentials ? null : credentialsMissing('payment_method_id'),
  async pay(request) {
    const { credentials } = request.info;
    if (!('payment_method_id' in credentials)) return { refused: 'card_declined' };
    return chargeCard(request, credentials.payment_method_id);
  },
};

/** The document of a local card payment, normalised, when the country asks for one. */
const documentOf = (info: PaymentInfo): string =>
  'document' in info.credentials && typeof info.credentials.document === 'string'
    ? info.credentials.document
    : '';

/**
 * The local-payments provider's card form (checkout §2, §5): in Latin America, Turkey, Egypt
 * and Nigeria the buyer's document (tax id) is required, and instalments are offered where
 * the market has them.
 */
export const localCardMethods: CheckoutMethodPlugin = {
  handles: [{ vendor: 'LocalPayments', type: 'card' }],
  flow: 'card',
  offeredIn: (market) => LOCAL_CARD_COUNTRIES.has(market.country),
  gatewayStatus: (statuses): GatewayStatus => statusOf(statuses, 'card'),
  offer(context) {
    const installments = installmentOptionsFor(context.country);
    return [
      {
        method_id: LOCAL_CARD_METHOD_ID,
        vendor: 'LocalPayments',
        mode: 'direct',
        type: 'card',
        name: 'Card',
        gateway_status: statusOf(context.statuses, 'card'),
        options: {
          client_publishable_key: context.publishableKey,
          client_sdk_url: context.sdkUrl,
          brand_codes: CARD_BRAND_CODES,
          storing_payment_method_disabled: true,
          is_ssn_enabled: true,
          installments: { is_enabled: installments.length > 0, options: installments },
        },
      },
    ];
  },
  credentialsError(info, market: MethodMarket) {
    if (!('payment_method_id' in info.credentials)) return credentialsMissing('payment_method_id, document');
    const errors: Record<string, string[]> = {};
    const document = documentError(market.country, documentOf(info));
    if (document) errors['payment_info.credentials.document'] = [document];
    const installments = installmentOptionsFor(market.country);
    const installment =
      installmentError(info.installment, installments.length > 0) ??
      (info.installment !== undefined && installments.length > 0 && !installments.includes(info.installment)
        ? CHECKOUT_MESSAGES.selectInstallments
        : null);
    if (installment) errors['payment_info.installment'] = [installment];
    return Object.keys(errors).length > 0 ? errors : null;
  },
  async pay(request) {
    const { credentials } = request.info;
    if (!('payment_method_id' in credentials)) return { refused: 'card_declined' };
    const country = request.attempt.quote.country;
    return chargeCard(request, credentials.payment_method_id, {
      metadata: {
        // The local provider needs the payer's document with each charge; we keep none of it.
        payer_document: normalizeDocument(country, documentOf(request.info)),
        installments: String(request.info.installment ?? 1),
      },
    });
  },
};
