import {
  CHECKOUT_MESSAGES,
  paymentErrorMessage,
  type BillingAddressInput,
  type CheckoutItemData,
  type CheckoutResult,
  type PaymentInfo,
  type PaymentMethodConfig,
} from '@lectern/domain';
import type { CardField } from '@lectern/domain';
import type { ApiClient } from '../../platform/api';
import { digitsOf, fieldOfProviderCode, parseExpiry, type CardInput } from './card-fields';
import { submitCheckout, submitCheckoutResult } from './checkout-api';
import type { MethodKind } from './payment-methods';
import { providerSdk, type ProviderSdk } from './provider-sdk';
import { shoppingItemsOf } from './use-checkout-info';

/** A payment that stopped before or at the provider, with what to show. */
export class CheckoutFailure extends Error {
  override readonly name = 'CheckoutFailure';
  constructor(
    readonly text: string,
    readonly displayMs: number,
    /** The card field the provider flagged, with its code. */
    readonly field: { name: CardField; code: string } | null = null,
  ) {
    super(text);
  }
}

/**
 * The SDK for a card method; a stored card uses its own options or those of the card method
 * it belongs to (same vendor and type).
 */
export function sdkFor(
  method: PaymentMethodConfig,
  methods: readonly PaymentMethodConfig[],
): Promise<ProviderSdk> {
  const source = [
    method,
    ...methods.filter((other) => other.vendor === method.vendor && other.type === method.type),
  ].find((candidate) => candidate.options.client_sdk_url && candidate.options.client_publishable_key);
  if (!source?.options.client_sdk_url || !source.options.client_publishable_key) {
    return Promise.reject(new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000));
  }
  return providerSdk(source.options.client_sdk_url, source.options.client_publishable_key);
}

export interface PaymentInput {
  method: PaymentMethodConfig;
  kind: MethodKind;
  methods: readonly PaymentMethodConfig[];
  card: CardInput;
  rememberMe: boolean | null;
  storedCvc: string;
  /** The billing address when it is valid (checkout §5: only then does the card carry it). */
  billing: BillingAddressInput | null;
}

/**
 * Checkout §3 payment context for the chosen method. A card entered by hand goes to the
 * provider's SDK first; only the payment method id it answers (and the card's brand data)
 * reaches our server.
 */
export async function buildPaymentInfo(input: PaymentInput): Promise<PaymentInfo> {
  const { method, kind } = input;
  const base = { method_id: method.method_id, payment_vendor: method.vendor, payment_method: method.type };
  if (kind === 'free' || kind === 'credit') return { ...base, credentials: {} };
  const sdk = await sdkFor(method, input.methods);
  if (kind === 'storedCard') {
    const stored = method.options.stored_payment_method;
    if (!stored) throw new CheckoutFailure(CHECKOUT_MESSAGES.storedMethodInvalid, 10_000);
    const key = method.options.encryption_public_key;
    const encryptedCvc =
      input.storedCvc && key ? await sdk.encryptCard(key, { cvc: input.storedCvc }) : undefined;
    return {
      ...base,
      credentials: {
        stored_payment_method_id: stored.id,
        ...(encryptedCvc ? { encrypted_cvc: encryptedCvc } : {}),
      },
      last_4_digits: stored.payment_method_details.card.last_4_digit,
    };
  }
  const expiry = parseExpiry(input.card.expiry);
  const number = digitsOf(input.card.number);
  const address =
    input.billing === null
      ? undefined
      : {
          country: input.billing.country_code,
          ...(input.billing.country_code === 'US' && input.billing.secondary_location_info
            ? { postal_code: input.billing.secondary_location_info }
            : {}),
        };
  const created = await sdk.createPaymentMethod({
    type: 'card',
    card: { number, exp_month: expiry?.month ?? 0, exp_year: expiry?.year ?? 0, cvc: input.card.cvc },
    billing_details: { name: input.card.name.trim(), ...(address ? { address } : {}) },
  });
  if (created.error || !created.paymentMethod) {
    const code = created.error?.code ?? '';
    const field = fieldOfProviderCode(code);
    throw new CheckoutFailure(
      CHECKOUT_MESSAGES.invalidCardOnCreation,
      10_000,
      field ? { name: field, code } : null,
    );
  }
  const { paymentMethod } = created;
  return {
    ...base,
    remember_me: input.rememberMe ?? false,
    credentials: {
      payment_method_id: paymentMethod.id,
      ...(paymentMethod.card?.country ? { card_country: paymentMethod.card.country } : {}),
    },
    ...(paymentMethod.card ? { last_4_digits: paymentMethod.card.last4 } : {}),
    card_bin: number.slice(0, 6),
    user_agent: navigator.userAgent,
  };
}

export interface PayOptions {
  api: ApiClient;
  items: readonly CheckoutItemData[];
  checkoutRef: string;
  billing: BillingAddressInput | null;
  paymentInfo: PaymentInfo;
  /** The SDK for customer actions (3-D Secure). */
  sdk: () => Promise<ProviderSdk>;
  /** Called when the customer has to act (the challenge frame is open). */
  onAction: () => void;
}

/** At most this many actions in a row; the sandbox asks for one. */
const MAX_ACTIONS = 3;

/**
 * Submits the attempt and follows `action_required` answers through the SDK's challenge,
 * sending each outcome back (checkout §4), until the answer is final.
 */
export async function pay(options: PayOptions): Promise<CheckoutResult> {
  let result = await submitCheckout(options.api, {
    checkout_environment: 'Marketplace',
    checkout_event: 'Submit',
    checkout_ref: options.checkoutRef,
    shopping_info: { items: shoppingItemsOf(options.items) },
    ...(options.billing ? { billing_address: options.billing } : {}),
    payment_info: options.paymentInfo,
  });
  for (let step = 0; result.status === 'action_required' && step < MAX_ACTIONS; step += 1) {
    const action = result.data.action_data;
    if (action?.type === 'redirect_to_url' && action.url)
      return { ...result, status: 'redirect', data: { ...result.data, return_url: action.url } };
    const clientSecret = result.data.client_secret;
    if (!clientSecret) throw new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000);
    options.onAction();
    const sdk = await options.sdk();
    const outcome = await sdk.handleCardAction(clientSecret);
    const intentId =
      outcome.paymentIntent?.id ??
      outcome.error?.payment_intent?.id ??
      clientSecret.split('_secret_')[0] ??
      '';
    result = await submitCheckoutResult(options.api, result.data.payment_attempt_id, {
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: {
        credentials: {
          payment_intent_id: intentId,
          action_result: outcome.error ? 'failed' : (outcome.paymentIntent?.status ?? 'succeeded'),
        },
      },
    });
  }
  return result;
}

/** The message of a failed result (checkout §8: the server's text, with the code's display time). */
export function failureOf(result: CheckoutResult): CheckoutFailure {
  const known = paymentErrorMessage(result.error_code ?? 'n/a');
  const field = fieldOfProviderCode(result.error_code);
  return new CheckoutFailure(
    result.message ?? known.text,
    known.displayMs,
    field && result.error_code ? { name: field, code: result.error_code } : null,
  );
}
