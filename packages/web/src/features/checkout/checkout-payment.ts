import {
  CHECKOUT_MESSAGES,
  normalizeDocument,
  paymentErrorMessage,
  type BillingAddressInput,
  type BnplAddressInput,
  type CheckoutItemData,
  type CheckoutResult,
  type PaymentInfo,
  type PaymentMethodConfig,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { fieldOfProviderCode, type CardInput } from './card-fields';
import { submitCheckout, submitCheckoutResult } from './checkout-api';
import { CheckoutFailure, methodProblem } from './checkout-failure';
import { EMPTY_HOSTED, hostedStateData, type HostedInput } from './hosted-method-fields';
import {
  EMPTY_LOCAL_CARD,
  installmentChoices,
  isDocumentShown,
  type LocalCardExtras,
} from './local-card-fields';
import type { MethodKind } from './payment-methods';
import {
  providerSdk,
  type ProviderIntentResult,
  type ProviderPaymentMethod,
  type ProviderSdk,
} from './provider-sdk';
import { shoppingItemsWithGifts, type GiftRecipients } from './gift-recipients';
import { cardDetails, createBnplCredentials, createCardPaymentMethod } from './provider-payment-methods';

export { CheckoutFailure } from './checkout-failure';

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
  /** The buyer, for the BNPL payment method the provider creates (it wants a name and e-mail). */
  buyer?: { name: string; email: string };
  /** bnplAddress: the address form. */
  bnplAddress?: BnplAddressInput;
  /** localCard: the document and installments. */
  localCard?: LocalCardExtras;
  /** hosted: what its form collected. */
  hosted?: HostedInput;
  /** express: the wallet's card from the pay sheet. */
  walletPaymentMethod?: ProviderPaymentMethod;
}

/**
 * Checkout §3 payment context for the chosen method. A card entered by hand goes to the
 * provider's SDK first; only the payment method id it answers (and the card's brand data)
 * reaches our server. Hosted methods send what their form collected (state data); the wallet
 * sends the card its pay sheet answered.
 */
export async function buildPaymentInfo(input: PaymentInput): Promise<PaymentInfo> {
  const { method, kind } = input;
  const base = { method_id: method.method_id, payment_vendor: method.vendor, payment_method: method.type };
  switch (kind) {
    case 'free':
    case 'credit':
      return { ...base, credentials: {} };
    case 'hosted':
      return {
        ...base,
        credentials: { state_data: hostedStateData(method.type, input.hosted ?? EMPTY_HOSTED) },
      };
    case 'express': {
      const wallet = input.walletPaymentMethod;
      if (!wallet) throw methodProblem();
      return {
        ...base,
        credentials: {
          payment_method_id: wallet.id,
          ...(wallet.card?.country ? { card_country: wallet.card.country } : {}),
        },
        ...(wallet.card ? { last_4_digits: wallet.card.last4 } : {}),
        user_agent: navigator.userAgent,
      };
    }
    default:
      break;
  }
  const sdk = await sdkFor(method, input.methods);
  if (kind === 'bnplAddress' || kind === 'bnplFieldless') {
    const credentials = await createBnplCredentials(sdk, {
      kind,
      address: input.bnplAddress,
      billing: input.billing,
      buyer: input.buyer,
    });
    return { ...base, credentials, user_agent: navigator.userAgent };
  }
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
  const paymentMethod = await createCardPaymentMethod(sdk, input.card, input.billing);
  if (kind === 'localCard') {
    const extras = input.localCard ?? EMPTY_LOCAL_CARD;
    const country = input.billing?.country_code ?? '';
    return {
      ...base,
      credentials: {
        payment_method_id: paymentMethod.id,
        ...(isDocumentShown(method) ? { document: normalizeDocument(country, extras.document) } : {}),
        card_bin: cardDetails(paymentMethod, input.card).card_bin,
      },
      ...(installmentChoices(method) && extras.installment ? { installment: extras.installment } : {}),
      ...cardDetails(paymentMethod, input.card),
    };
  }
  return {
    ...base,
    remember_me: input.rememberMe ?? false,
    credentials: {
      payment_method_id: paymentMethod.id,
      ...(paymentMethod.card?.country ? { card_country: paymentMethod.card.country } : {}),
    },
    ...cardDetails(paymentMethod, input.card),
  };
}

export interface PayOptions {
  api: ApiClient;
  items: readonly CheckoutItemData[];
  /** Who each gift line is for (by `gift:<course id>`), sent with its line. */
  gifts?: GiftRecipients;
  checkoutRef: string;
  billing: BillingAddressInput | null;
  paymentInfo: PaymentInfo;
  /**
   * The total the buyer sees (the order summary's): the server charges nothing if its price
   * differs, answering 409 `price_changed` (design §4).
   */
  expectedTotal: { amount: number; currency: string } | null;
  /** The SDK for customer actions (3-D Secure, buy-now-pay-later confirmation). */
  sdk: () => Promise<ProviderSdk>;
  /** Called when the customer has to act (the challenge frame is open). */
  onAction: () => void;
  /** Called with the accepted attempt just before the browser leaves for another page. */
  onLeave?: (result: CheckoutResult) => void;
  /** Where a redirect goes through; the browser's location by default. */
  assign?: (url: string) => void;
  /**
   * A guest's e-mail (team-plan §6): the guest variant of the submit puts the courses in its
   * account, and the guest variant of the action's outcome follows the attempt.
   */
  guestEmail?: string;
}

/** At most this many actions in a row; the sandbox asks for one. */
const MAX_ACTIONS = 3;

/** The SDK call that confirms a buy-now-pay-later payment of this method type, if any. */
function bnplConfirmation(sdk: ProviderSdk, type: string) {
  if (type === 'affirm') return sdk.confirmAffirmPayment.bind(sdk);
  if (type === 'afterpay_clearpay') return sdk.confirmAfterpayClearpayPayment.bind(sdk);
  return null;
}

/** The action's outcome as the PATCH of checkout §4 sends it. */
function actionOutcome(outcome: ProviderIntentResult, clientSecret: string) {
  return {
    payment_intent_id:
      outcome.paymentIntent?.id ??
      outcome.error?.payment_intent?.id ??
      clientSecret.split('_secret_')[0] ??
      '',
    action_result: outcome.error ? 'failed' : (outcome.paymentIntent?.status ?? 'succeeded'),
  };
}

/**
 * Submits the attempt and follows the answers (checkout §4) until one is final:
 * `action_required` with `use_sdk` runs the SDK's challenge and sends its outcome back; with
 * `confirm_payment` the SDK confirms the buy-now-pay-later payment and takes the buyer to the
 * provider's approval page (which returns to `return_url`); `redirect` sends the buyer to
 * `return_url` (a hosted method's page, or the success page of a pending payment).
 */
export async function pay(options: PayOptions): Promise<CheckoutResult> {
  const assign = options.assign ?? ((url: string) => window.location.assign(url));
  let result = await submitCheckout(
    options.api,
    {
      checkout_environment: 'Marketplace',
      checkout_event: 'Submit',
      checkout_ref: options.checkoutRef,
      shopping_info: { items: shoppingItemsWithGifts(options.items, options.gifts) },
      ...(options.billing ? { billing_address: options.billing } : {}),
      payment_info: options.paymentInfo,
      ...(options.expectedTotal ? { expected_total: options.expectedTotal } : {}),
    },
    options.guestEmail,
  );
  for (let step = 0; result.status === 'action_required' && step < MAX_ACTIONS; step += 1) {
    const action = result.data.action_data;
    if (action?.type === 'redirect_to_url' && action.url) {
      result = { ...result, status: 'redirect', data: { ...result.data, return_url: action.url } };
      break;
    }
    const clientSecret = result.data.client_secret;
    if (!clientSecret) throw methodProblem();
    const sdk = await options.sdk();
    let outcome: ProviderIntentResult;
    if (action?.type === 'confirm_payment') {
      const confirm = bnplConfirmation(sdk, options.paymentInfo.payment_method);
      const credentials = options.paymentInfo.credentials;
      const paymentMethod =
        result.data.payment_method_id ??
        ('payment_method_id' in credentials ? credentials.payment_method_id : null);
      if (!confirm || !result.data.return_url || !paymentMethod) {
        reportError(new Error(CHECKOUT_MESSAGES.actionNotHandled), { action });
        throw methodProblem();
      }
      options.onLeave?.(result);
      // The SDK leaves for the approval page; it settles only when it could not (an error) or
      // when the provider needed no approval.
      outcome = await confirm(clientSecret, {
        payment_method: paymentMethod,
        return_url: result.data.return_url,
      });
      if (outcome.error && !outcome.error.payment_intent) {
        throw new CheckoutFailure(outcome.error.message ?? CHECKOUT_MESSAGES.methodProblem, 10_000);
      }
    } else {
      options.onAction();
      outcome = await sdk.handleCardAction(clientSecret);
    }
    result = await submitCheckoutResult(
      options.api,
      result.data.payment_attempt_id,
      {
        checkout_environment: 'Marketplace',
        checkout_event: 'Result',
        payment_info: { credentials: actionOutcome(outcome, clientSecret) },
      },
      options.guestEmail !== undefined,
    );
  }
  if (result.status === 'redirect' && result.data.return_url) {
    options.onLeave?.(result);
    assign(result.data.return_url);
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
