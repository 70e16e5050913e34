import type { Writer } from '../../platform/db/database.js';
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import { createSubscriptionCheckoutCharge } from './subscription-checkout-charge.js';
import { createSubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import { createSubscriptionCheckoutReconciliation } from './subscription-checkout-reconciliation.js';
import { createSubscriptionCheckoutReturns } from './subscription-checkout-returns.js';
import { createSubscriptionCheckoutSubmit } from './subscription-checkout-submit.js';
import { createSubscriptionCheckoutWebhooks } from './subscription-checkout-webhooks.js';
import { createSubscriptionCompletion } from './subscription-completion.js';
import { subscriptionCheckoutInfo, type ProviderFacts } from './subscription-checkout-info.js';
import { createPurchaseReader } from './subscription-purchase.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { SubscriptionCheckoutInfoRequest } from './subscription-checkout.schemas.js';

/** Card-testing defence for subscription cards, like the course checkout's (design §6). */
const FAILED_CARD_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };

/**
 * The Subscription checkout environment (checkout §4, team-plan §2, §4, §7): prices Team Plan
 * and Personal Plan purchases on the server and runs each submit as a persisted checkout whose
 * effect on the enrollment (new plan, added licenses, new card) is applied exactly once.
 * Provider calls carry idempotency keys from the checkout and never run inside a transaction.
 *
 * Composed of its parts: the purchase read and priced (subscription-purchase), the effect
 * applied (subscription-completion), the provider's answers applied to a checkout
 * (subscription-checkout-outcomes), the provider calls (subscription-checkout-charge), the
 * submit and its checks (subscription-checkout-submit, subscription-checkout-submit-checks), the
 * buyer's return (subscription-checkout-returns), the webhooks (subscription-checkout-webhooks)
 * and reconciliation (subscription-checkout-reconciliation); the wiring and the public methods
 * are here.
 */
export function createSubscriptionCheckoutService(deps: {
  subscriptions: SubscriptionsService;
  payments: PaymentsService;
  tax: TaxProvider;
  providerFacts: ProviderFacts;
  brandName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A new card was stored for a plan (the lifecycle engine retries a past-due charge with it). */
  onCardChanged: (enrollmentId: number, paymentMethodId: string, writer: Writer) => Promise<void>;
  /** How old an open checkout must be before reconciliation finishes it (default 5 minutes). */
  reconcileAfterMs?: number;
}) {
  const { subscriptions, payments, log } = deps;
  const reconcileAfterMs = deps.reconcileAfterMs ?? 5 * 60 * 1000;
  const repository = subscriptions.repository;
  const gateway: PaymentGateway = payments.gateway;
  const now = subscriptions.now;
  const failures = createAttemptLimiter(repository.db, {
    name: 'subscriptions.card_failures',
    ...FAILED_CARD_ATTEMPTS,
  });
  const completion = createSubscriptionCompletion({
    repository,
    gateway,
    log,
    now,
    notices: subscriptions.notices,
    onCardChanged: deps.onCardChanged,
  });
  const purchases = createPurchaseReader({ subscriptions, tax: deps.tax, now });
  const outcomes = createSubscriptionCheckoutOutcomes({ repository, gateway, completion, failures, log });
  const charge = createSubscriptionCheckoutCharge({
    repository,
    payments,
    gateway,
    outcomes,
    publicUrl: deps.publicUrl,
    log,
  });
  const { submit } = createSubscriptionCheckoutSubmit({
    repository,
    purchases,
    failures,
    completion,
    outcomes,
    charge,
    brandName: deps.brandName,
  });
  const returns = createSubscriptionCheckoutReturns({ repository, gateway, outcomes, charge });
  const reconciliation = createSubscriptionCheckoutReconciliation({
    repository,
    gateway,
    outcomes,
    reconcileAfterMs,
    log,
  });
  const webhooks = createSubscriptionCheckoutWebhooks({ repository, gateway, outcomes });

  return {
    /** `POST /payment/checkout-info/` with `checkout_environment: 'Subscription'`. */
    info: (buyer: CheckoutBuyer, defaultCountry: string, request: SubscriptionCheckoutInfoRequest) =>
      subscriptionCheckoutInfo(
        { purchases, providerFacts: deps.providerFacts },
        buyer,
        defaultCountry,
        request,
      ),

    /** `POST /payment/checkout-submit/` with `checkout_environment: 'Subscription'`. */
    submit,

    /** `PATCH /payment/checkout-submit/{id}/` after 3-D Secure of a subscription checkout. */
    result: returns.result,

    /** `GET /payment/checkout-submit/{id}/` of a subscription checkout. */
    attempt: returns.attempt,

    /** Whether an attempt id names a subscription checkout of this user. */
    owns: returns.owns,

    /**
     * The reconciliation job (design §4): finishes checkouts left open by a crash, a lost answer
     * or a buyer who left 3-D Secure, from what the provider says. An abandoned action is ended,
     * so its upsell no longer holds licenses against the ceiling.
     */
    reconcileOpenCheckouts: reconciliation.reconcileOpenCheckouts,

    /** The provider's payment webhook: the same completion as the answer path. */
    onPaymentSucceeded: webhooks.onPaymentSucceeded,
    onSetupSucceeded: webhooks.onSetupSucceeded,
  };
}

export type SubscriptionCheckoutService = ReturnType<typeof createSubscriptionCheckoutService>;
