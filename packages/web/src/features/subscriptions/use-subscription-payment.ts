import {
  CHECKOUT_MESSAGES,
  FREE_TRIAL_LIMIT_RELOAD_MS,
  SUBSCRIPTION_MESSAGES,
  paymentErrorMessage,
  type BillingAddressInput,
  type CardField,
  type CheckoutResult,
  type PaymentInfo,
  type PaymentMethodConfig,
  type SubscriptionCheckoutSummary,
  type SubscriptionSubmitEvent,
} from '@lectern/domain';
import { useCallback, useRef, useState } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { fieldOfProviderCode, type CardInput } from '../checkout/card-fields';
import type { CheckoutMessage } from '../checkout/checkout-message';
import { buildPaymentInfo, CheckoutFailure, sdkFor } from '../checkout/checkout-payment';
import {
  submitSubscription,
  submitSubscriptionResult,
  type SubscriptionBillingAddress,
  type SubscriptionItem,
} from './subscription-api';
import type { BillingErrors } from './subscription-billing';
import type { MethodChoice } from './subscription-methods';

/** Team-plan §4: what a submit goes through after READY (COMPLETE ends billing and card updates). */
export type SubmitPhase = 'PROCESSING' | 'REDIRECTING' | 'COMPLETE';

/** At most this many customer actions (3-D Secure) in a row. */
const MAX_ACTIONS = 3;
const ABANDONED = 'initial_authentication_or_charge_for_subscription_failed';

/** A `failed` answer (or an action that did not complete), by its checkout §8 error code. */
class PaymentFailure extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export interface SubmitRequest {
  summary: SubscriptionCheckoutSummary;
  item: SubscriptionItem;
  billingAddress?: SubscriptionBillingAddress;
  choice: MethodChoice;
  methods: readonly PaymentMethodConfig[];
  card: CardInput;
}

export interface SubmitCallbacks {
  /** The server's `billing_address.*` field errors, and the license count's. */
  onFieldErrors: (billing: BillingErrors, licenses: string | null) => void;
  onCardFieldFlagged: (field: CardField, code: string) => void;
  /** The price or availability changed on the server (409, region restriction): price again. */
  onStale: () => void;
}

export interface SubscriptionPaymentOptions {
  /** The checkout §4 submitting event (its result event answers 3-D Secure). */
  event: SubscriptionSubmitEvent;
  callbacks: SubmitCallbacks;
  /** A `succeeded` answer: what the page does with it, and the phase it moves to. */
  onSucceeded: (result: CheckoutResult, request: SubmitRequest) => SubmitPhase;
  /**
   * Team-plan §8: a payment-method update shows a dedicated message for an invalid card (the
   * provider refused the card's details); without it the checkout §8 message of the code shows.
   */
  invalidCardText?: string;
}

function fieldErrorsOf(errors: Readonly<Record<string, string[]>>) {
  const billing: BillingErrors = {};
  let licenses: string | null = null;
  for (const [key, messages] of Object.entries(errors)) {
    const text = messages[0];
    if (!text) continue;
    if (key.startsWith('billing_address.')) billing[key.slice(16) as keyof BillingErrors] = text;
    else if (key.endsWith('requested_seat_count')) licenses = text;
  }
  return { billing, licenses };
}

/**
 * The payment of a subscription checkout (team-plan §4, checkout §3–§4), shared by the
 * checkout pages and the card update: the card goes to the provider's SDK, the submit carries
 * the total the buyer saw, 3-D Secure of a card setup or payment is answered by a PATCH, and a
 * failure goes back to READY with the checkout §8 message. What success leads to is the
 * caller's.
 */
export function useSubscriptionPayment({
  event,
  callbacks,
  onSucceeded,
  invalidCardText,
}: SubscriptionPaymentOptions) {
  const api = useApiClient();
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const [message, setMessage] = useState<CheckoutMessage | null>(null);
  // Drawn once per attempt: a retry after a lost answer finds the attempt the server may hold.
  const checkoutRef = useRef<string | null>(null);

  const show = useCallback(
    (type: CheckoutMessage['type'], text: string, displayMs = 10_000) =>
      setMessage({ type, text, displayMs, created: Date.now() }),
    [],
  );
  const dismissMessage = useCallback(() => setMessage(null), []);

  async function completeAction(result: CheckoutResult, request: SubmitRequest, paymentInfo: PaymentInfo) {
    const { client_secret: secret, payment_attempt_id: attempt } = result.data;
    if (!secret) throw new PaymentFailure(ABANDONED);
    const sdk = await sdkFor(request.choice.method, request.methods);
    if (result.data.authentication_type === 'setup') {
      const entered =
        'payment_method_id' in paymentInfo.credentials ? paymentInfo.credentials.payment_method_id : '';
      const methodId = result.data.payment_method_id ?? entered ?? '';
      const outcome = await sdk.confirmCardSetup(secret, methodId ? { payment_method: methodId } : undefined);
      const next = await submitSubscriptionResult(api, event, attempt, {
        payment_method_id: methodId,
        action_result: outcome.error ? 'failed' : 'succeeded',
        checkout_ref: result.data.checkout_ref,
      });
      return { next, abandoned: !!outcome.error };
    }
    const outcome = await sdk.handleCardAction(secret);
    const next = await submitSubscriptionResult(api, event, attempt, {
      payment_intent_id:
        outcome.paymentIntent?.id ?? outcome.error?.payment_intent?.id ?? secret.split('_secret_')[0] ?? '',
      action_result: outcome.error ? 'failed' : 'succeeded',
    });
    return { next, abandoned: !!outcome.error };
  }

  function failed(error: unknown) {
    setPhase(null);
    if (error instanceof PaymentFailure) {
      checkoutRef.current = null;
      const known = paymentErrorMessage(error.code);
      const field = fieldOfProviderCode(error.code);
      if (field) callbacks.onCardFieldFlagged(field, error.code);
      show('error', (field && invalidCardText) || known.text, known.displayMs);
      // Team-plan §4: the page reloads 5 seconds after this one.
      if (error.code === 'card_already_used_for_free_trial')
        setTimeout(() => window.location.reload(), FREE_TRIAL_LIMIT_RELOAD_MS);
      return;
    }
    if (error instanceof CheckoutFailure) {
      if (error.field) callbacks.onCardFieldFlagged(error.field.name, error.field.code);
      const invalidCard = error.field !== null || error.text === CHECKOUT_MESSAGES.invalidCardOnCreation;
      show('error', (invalidCard && invalidCardText) || error.text, error.displayMs);
      return;
    }
    if (isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500) {
      // A 4xx is final for this attempt; after a network failure the same reference goes again.
      checkoutRef.current = null;
      const { billing, licenses } = fieldErrorsOf(error.fieldErrors);
      callbacks.onFieldErrors(billing, licenses);
      if (error.statusCode === 409 || error.code === 'region_restricted') callbacks.onStale();
      show('error', error.detail);
      return;
    }
    reportError(error, { step: 'subscription-submit' });
    show('error', isApiError(error) ? error.detail : CHECKOUT_MESSAGES.orderProblem);
  }

  async function submit(request: SubmitRequest, billingForCard: BillingAddressInput | null) {
    setPhase('PROCESSING');
    setMessage(null);
    callbacks.onFieldErrors({}, null);
    try {
      const paymentInfo = await buildPaymentInfo({
        method: request.choice.method,
        kind: request.choice.kind,
        methods: request.methods,
        card: request.card,
        rememberMe: null,
        storedCvc: '',
        billing: billingForCard,
      });
      checkoutRef.current ??= crypto.randomUUID();
      let result = await submitSubscription(api, {
        event,
        checkoutRef: checkoutRef.current,
        item: request.item,
        billingAddress: request.billingAddress,
        paymentInfo,
        expectedTotal: { amount: request.summary.due_today.total, currency: request.summary.currency },
      });
      for (let step = 0; result.status === 'action_required'; step += 1) {
        if (step >= MAX_ACTIONS) throw new PaymentFailure(ABANDONED);
        const { next, abandoned } = await completeAction(result, request, paymentInfo);
        if (abandoned && next.status === 'action_required') throw new PaymentFailure(ABANDONED);
        result = next;
      }
      if (result.status === 'succeeded') {
        checkoutRef.current = null;
        setPhase(onSucceeded(result, request));
        return;
      }
      if (result.status === 'redirect') {
        if (!result.data.return_url) {
          checkoutRef.current = null;
          throw new CheckoutFailure(SUBSCRIPTION_MESSAGES.returnUrlMissing, 10_000);
        }
        setPhase('REDIRECTING');
        window.location.assign(result.data.return_url);
        return;
      }
      throw new PaymentFailure(result.error_code ?? 'n/a');
    } catch (error) {
      failed(error);
    }
  }

  return {
    phase,
    message,
    dismissMessage,
    /** A message of the page's own (a form that cannot be sent yet). */
    showMessage: show,
    submit,
  };
}
