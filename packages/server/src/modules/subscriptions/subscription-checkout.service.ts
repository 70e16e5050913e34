import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  isRegionRestricted,
  money,
  paymentErrorCodeOf,
  paymentErrorMessage,
  type CheckoutResult,
  type CurrencyCode,
} from '@lectern/domain';
import type { Writer } from '../../platform/db/database.js';
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import {
  GatewayError,
  type GatewayPayment,
  type GatewayPaymentMethod,
  type GatewaySetup,
  type PaymentGateway,
} from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import { assertLicenseCount, type SubscriptionPrice } from './subscription-pricing.js';
import {
  MANAGE_SUBSCRIPTIONS_PATH,
  OPEN_CHECKOUT as OPEN,
  UUID,
  actionOf,
  alreadySubscribed,
  answer,
  checkoutInProgress,
  regionRestricted,
} from './subscription-checkout-answers.js';
import { createSubscriptionCompletion } from './subscription-completion.js';
import { subscriptionCheckoutInfo, type ProviderFacts } from './subscription-checkout-info.js';
import { billingErrorsOf, billingOf, createPurchaseReader, type Purchase } from './subscription-purchase.js';
import type { SubscriptionCheckoutRow } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type {
  SubscriptionCheckoutInfoRequest,
  SubscriptionCheckoutSubmitRequest,
  SubscriptionResultRequest,
} from './subscription-checkout.schemas.js';

/** Card-testing defence for subscription cards, like the course checkout's (design §6). */
const FAILED_CARD_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * The Subscription checkout environment (checkout §4, team-plan §2, §4, §7): prices Team Plan
 * and Personal Plan purchases on the server and runs each submit as a persisted checkout whose
 * effect on the enrollment (new plan, added licenses, new card) is applied exactly once.
 * Provider calls carry idempotency keys from the checkout and never run inside a transaction.
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
  const key = (row: SubscriptionCheckoutRow, step: string) => `subscription:${row.id}:${step}`;
  const completion = createSubscriptionCompletion({
    repository,
    gateway,
    log,
    now,
    notices: subscriptions.notices,
    onCardChanged: deps.onCardChanged,
  });
  const purchases = createPurchaseReader({ subscriptions, tax: deps.tax, now });
  const { purchaseOf, priceOf } = purchases;

  // ---- answers -------------------------------------------------------------------------

  async function fail(
    row: SubscriptionCheckoutRow,
    errorCode: string,
    countsAsCardFailure = true,
  ): Promise<CheckoutResult> {
    const failed = await repository.transitionCheckout(row.id, OPEN, { status: 'failed', errorCode });
    if (!failed) return resultOf((await repository.checkout(row.id)) ?? row);
    if (countsAsCardFailure) await failures.record(`user:${row.userId}`);
    return answer(failed, 'failed');
  }

  async function resultOf(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    if (row.status === 'succeeded') return answer(row, 'succeeded');
    if (row.status === 'failed') return answer(row, 'failed');
    if (row.status === 'requires_action') {
      if (row.gatewaySetupId) return afterSetup(row, await gateway.retrieveSetup(row.gatewaySetupId));
      if (row.gatewayPaymentId) return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
    }
    return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
  }

  /** A repeated submit: waits while the first request is still talking to the provider. */
  async function settle(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    let current = row;
    while (current.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      current = (await repository.checkout(row.id)) ?? current;
    }
    return resultOf(current);
  }

  /** Applies the checkout's effect (subscription-completion.ts) and answers it. */
  async function complete(
    row: SubscriptionCheckoutRow,
    method: GatewayPaymentMethod | null,
    payment: GatewayPayment | null,
  ): Promise<CheckoutResult> {
    const outcome = await completion.apply(row, method, payment);
    if (outcome.kind === 'mismatch') return fail(row, 'payment_mismatch', false);
    if (outcome.kind === 'conflict') return refundAndFail(row, payment, outcome.reason);
    return resultOf(outcome.row ?? (await repository.checkout(row.id)) ?? row);
  }

  async function refundAndFail(row: SubscriptionCheckoutRow, payment: GatewayPayment | null, reason: string) {
    if (payment) {
      await gateway.refund(
        { paymentId: payment.id, reason: 'duplicate', metadata: { subscription_checkout_id: row.id } },
        { idempotencyKey: key(row, 'refund') },
      );
    }
    return fail(row, payment ? 'payment_refunded' : reason, false);
  }

  // ---- provider steps ------------------------------------------------------------------

  async function afterSetup(row: SubscriptionCheckoutRow, setup: GatewaySetup): Promise<CheckoutResult> {
    switch (setup.status) {
      case 'succeeded': {
        const method =
          setup.paymentMethod ??
          (setup.paymentMethodId ? await gateway.retrievePaymentMethod(setup.paymentMethodId) : null);
        const fingerprint = method?.card?.fingerprint;
        if (row.event === 'Submit' && row.quote.trialDays > 0 && fingerprint && method) {
          // One free trial per card, whichever account (team-plan §8 card_already_used_for_free_trial).
          const owner = await repository.db.transaction((tx) =>
            repository.claimTrialCard(fingerprint, row.userId, tx),
          );
          if (owner !== row.userId) {
            await gateway
              .detachPaymentMethod(method.id, { idempotencyKey: key(row, 'detach') })
              .catch((error: unknown) =>
                log.warn({ err: error, checkout: row.id }, 'refused trial card not detached'),
              );
            return fail(row, 'card_already_used_for_free_trial', false);
          }
        }
        return complete(row, method, null);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transitionCheckout(row.id, OPEN, {
            status: 'requires_action',
            gatewaySetupId: setup.id,
          })) ?? row;
        return answer(moved, 'action_required', {
          client_secret: setup.clientSecret,
          payment_method_id: setup.paymentMethodId,
          authentication_type: 'setup',
          action_data: actionOf(setup.nextAction),
        });
      }
      case 'processing':
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      default:
        return fail(row, setup.lastError ? paymentErrorCodeOf(setup.lastError) : 'card_declined');
    }
  }

  async function afterPayment(
    row: SubscriptionCheckoutRow,
    payment: GatewayPayment,
  ): Promise<CheckoutResult> {
    switch (payment.status) {
      case 'succeeded': {
        const method =
          payment.paymentMethod ??
          (payment.paymentMethodId ? await gateway.retrievePaymentMethod(payment.paymentMethodId) : null);
        return complete(row, method, payment);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transitionCheckout(row.id, OPEN, {
            status: 'requires_action',
            gatewayPaymentId: payment.id,
          })) ?? row;
        return answer(moved, 'action_required', {
          client_secret: payment.clientSecret,
          payment_method_id: payment.paymentMethodId,
          authentication_type: 'payment',
          action_data: actionOf(payment.nextAction),
        });
      }
      case 'processing':
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      default:
        return fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', true);
    }
  }

  /** Runs a provider step; a decline is an answer, an unknown outcome leaves the checkout open. */
  async function providerStep(
    row: SubscriptionCheckoutRow,
    step: () => Promise<CheckoutResult>,
  ): Promise<CheckoutResult> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn(
        { err: error, checkout: row.id, kind: error.kind },
        'subscription payment failed at the provider',
      );
      if (error.kind === 'card_declined' || error.kind === 'invalid_request' || error.kind === 'not_found') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: error.kind === 'card_declined' ? 'card_error' : 'invalid_request_error',
            code: error.details.code ?? 'card_declined',
            declineCode: error.details.declineCode ?? null,
          }),
        );
      }
      if (
        error.kind === 'unavailable' ||
        error.kind === 'protocol' ||
        error.kind === 'idempotency_conflict'
      ) {
        return answer(row, 'redirect', { return_url: MANAGE_SUBSCRIPTIONS_PATH });
      }
      return fail(row, 'card_error:processing_error', false);
    }
  }

  /** The subscriber's provider customer (one per organization or learner), created once. */
  async function customerOf(purchase: Purchase, buyer: CheckoutBuyer): Promise<string> {
    const { subscriber, profile } = purchase;
    if (profile?.gatewayCustomerId) return profile.gatewayCustomerId;
    const customerId =
      subscriber.type === 'user'
        ? await payments.ensureCustomer(buyer.id, { email: buyer.email, name: buyer.name })
        : (
            await gateway.createCustomer(
              { email: buyer.email, metadata: { lectern_organization_id: String(subscriber.id) } },
              { idempotencyKey: `customer:organization:${subscriber.id}` },
            )
          ).id;
    return (await repository.ensureProfile(subscriber, customerId)).gatewayCustomerId ?? customerId;
  }

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
    async submit(
      buyer: CheckoutBuyer,
      defaultCountry: string,
      request: SubscriptionCheckoutSubmitRequest,
    ): Promise<CheckoutResult> {
      const existing = await repository.checkoutByRef(buyer.id, request.checkout_ref);
      if (existing) return settle(existing);
      await failures.assertAllowed(`user:${buyer.id}`).catch(() => {
        throw new HttpError(
          429,
          'too_many_failed_attempts',
          paymentErrorMessage('too_many_failed_attempts').text,
        );
      });
      const event = request.checkout_event;
      const purchase = await purchaseOf(buyer, event, request, defaultCountry);
      const { enrollment, option } = purchase;
      const upsell = event === 'UpsellSubmit';

      if (
        purchase.productType === 'TEAM' &&
        isRegionRestricted(purchase.location.country) &&
        event !== 'UpdateBilling' &&
        event !== 'Update'
      ) {
        throw regionRestricted(upsell, deps.brandName);
      }
      if (event === 'Submit' && enrollment && enrollment.status !== 'EXPIRED') {
        throw alreadySubscribed();
      }
      if (event === 'ResubscribeSubmit' && enrollment?.status !== 'EXPIRED') {
        throw new HttpError(
          409,
          'not_expired',
          'Only an expired plan can be resubscribed; this one is still running.',
        );
      }
      if ((upsell || event === 'Update' || event === 'UpdateBilling') && enrollment?.status === 'EXPIRED') {
        throw new HttpError(409, 'subscription_expired', 'This plan has expired. Resubscribe to change it.');
      }
      if (upsell && enrollment && enrollment.status !== 'TRIAL' && enrollment.status !== 'ACTIVE') {
        throw new HttpError(
          409,
          'not_upsellable',
          'Licenses can be added to a plan in trial or active only.',
        );
      }
      if (event === 'Submit' || event === 'ResubscribeSubmit')
        assertLicenseCount(purchase.licenses, 'new', option);
      if (upsell) assertLicenseCount(purchase.licenses, 'upsell', option, enrollment?.licenseCount ?? 0);

      const newPlan = event === 'Submit' || event === 'ResubscribeSubmit';
      const needsBilling = newPlan || event === 'UpdateBilling';
      const price = await priceOf(purchase, event);
      const fieldErrors: Record<string, string[]> = needsBilling
        ? billingErrorsOf(purchase, request.billing_address)
        : {};
      if (price.taxError && (needsBilling || price.today.total.amount > 0)) {
        fieldErrors['billing_address.secondary_location_info'] = [price.taxError];
      }
      if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
      const seen = request.expected_total;
      if (
        seen &&
        (seen.amount !== price.today.total.amount || seen.currency.toUpperCase() !== price.quote.currency)
      ) {
        throw new HttpError(
          409,
          'price_changed',
          'The total of this purchase changed. Please review it and submit again; nothing was charged.',
        );
      }

      const credentials = request.payment_info?.credentials ?? {};
      const enteredCard = 'payment_method_id' in credentials ? credentials.payment_method_id : null;
      const profile = purchase.profile;
      const paid = price.today.total.amount > 0;
      // A new plan, a resubscribe and a card update need a card: the one entered, or the stored one.
      const usesStoredCard = !enteredCard && 'stored_payment_method_id' in credentials;
      const needsCard =
        event === 'Submit' || event === 'ResubscribeSubmit' || event === 'Update' || (upsell && paid);
      if (needsCard && !enteredCard && !(usesStoredCard || upsell)) {
        throw validationError({ 'payment_info.credentials': [CHECKOUT_MESSAGES.noMethod] });
      }
      if (needsCard && !enteredCard && !profile?.paymentMethodId) {
        throw validationError({
          'payment_info.credentials': ['There is no stored card on this subscription; enter a card.'],
        });
      }

      const billing = needsBilling ? billingOf(purchase, request.billing_address) : null;
      const inserted = await repository.insertCheckout(
        {
          id: randomUUID(),
          userId: buyer.id,
          checkoutRef: request.checkout_ref,
          event,
          subscriberType: purchase.subscriber.type,
          subscriberId: purchase.subscriber.id,
          enrollmentId:
            enrollment && event !== 'ResubscribeSubmit' && event !== 'Submit' ? enrollment.id : null,
          status: 'processing',
          quote: price.quote,
          billing,
        },
        upsell && enrollment
          ? async (tx) => {
              // The ceiling is race-safe: upsells of one enrollment are checked one at a time,
              // counting the licenses that open upsells hold (design §5).
              const locked = await repository.enrollment(enrollment.id, tx, true);
              const held = await repository.licensesHeldByOpenUpsells(enrollment.id, tx);
              assertLicenseCount(purchase.licenses, 'upsell', option, (locked?.licenseCount ?? 0) + held);
            }
          : newPlan
            ? async (tx) => {
                // One new plan per subscriber at a time, decided before any provider call: a
                // second tab's paid start would otherwise be charged, then refunded. Under the
                // subscriber's lock: another one still open, else one that ended with a plan
                // since this request read the enrollment (its checkout and its plan commit together).
                const own = { userId: buyer.id, checkoutRef: request.checkout_ref };
                if (await repository.newPlanCheckoutOpen(purchase.subscriber, own, tx)) {
                  throw checkoutInProgress();
                }
                const current = await repository.currentEnrollment(purchase.subscriber, tx);
                if (current && current.status !== 'EXPIRED') throw alreadySubscribed();
              }
            : undefined,
      );
      if (!inserted) return settle((await repository.checkoutByRef(buyer.id, request.checkout_ref))!);

      if (event === 'UpdateBilling') return updateBilling(inserted, purchase, price);
      if (!needsCard) return complete(inserted, null, null);

      return providerStep(inserted, async () => {
        const customerId = await customerOf(purchase, buyer);
        const methodId = enteredCard ?? profile!.paymentMethodId!;
        const withTrialOrUpdate = (event === 'Submit' && price.quote.trialDays > 0) || event === 'Update';
        if (withTrialOrUpdate) {
          const setup = await gateway.createSetup(
            {
              customerId,
              paymentMethodId: methodId,
              methodTypes: ['card'],
              usage: 'off_session',
              confirm: true,
              returnUrl: `${deps.publicUrl}${MANAGE_SUBSCRIPTIONS_PATH}`,
              metadata: { subscription_checkout_id: inserted.id },
            },
            { idempotencyKey: key(inserted, 'setup') },
          );
          return afterSetup(inserted, setup);
        }
        const payment = await gateway.createPayment(
          {
            amount: money(price.today.total.amount, price.quote.currency as CurrencyCode),
            customerId,
            paymentMethodId: methodId,
            methodTypes: ['card'],
            confirm: true,
            ...(enteredCard ? { setupFutureUsage: 'off_session' as const } : {}),
            description: `${purchase.plan.name} ${upsell ? 'additional licenses' : 'subscription'}`,
            receiptEmail: buyer.email,
            // payment_attempt_id lets reconciliation find a payment whose id a crash never stored.
            metadata: { subscription_checkout_id: inserted.id, payment_attempt_id: inserted.id },
          },
          { idempotencyKey: key(inserted, 'payment') },
        );
        return afterPayment(inserted, payment);
      });
    },

    /** `PATCH /payment/checkout-submit/{id}/` after 3-D Secure of a subscription checkout. */
    async result(
      userId: number,
      checkoutId: string,
      request: SubscriptionResultRequest,
    ): Promise<CheckoutResult> {
      const row = await ownCheckout(userId, checkoutId);
      if (row.status === 'succeeded' || row.status === 'failed') return resultOf(row);
      const credentials = request.payment_info.credentials;
      if ('payment_intent_id' in credentials) {
        if (!row.gatewayPaymentId || credentials.payment_intent_id !== row.gatewayPaymentId) {
          throw validationError({
            'payment_info.credentials.payment_intent_id': ['This is not the payment of this attempt.'],
          });
        }
        return providerStep(row, async () => {
          let payment = await gateway.retrievePayment(row.gatewayPaymentId!);
          if (payment.status === 'requires_confirmation') {
            payment = await gateway.confirmPayment(payment.id, {}, { idempotencyKey: key(row, 'confirm') });
          }
          return afterPayment(row, payment);
        });
      }
      if (!row.gatewaySetupId) {
        throw validationError({ 'payment_info.credentials': ['This attempt has no card setup to confirm.'] });
      }
      return providerStep(row, async () => afterSetup(row, await gateway.retrieveSetup(row.gatewaySetupId!)));
    },

    /** `GET /payment/checkout-submit/{id}/` of a subscription checkout. */
    async attempt(userId: number, checkoutId: string): Promise<CheckoutResult> {
      return resultOf(await ownCheckout(userId, checkoutId));
    },

    /** Whether an attempt id names a subscription checkout of this user. */
    async owns(userId: number, checkoutId: string): Promise<boolean> {
      const row = UUID.test(checkoutId) ? await repository.checkout(checkoutId) : null;
      return !!row && row.userId === userId;
    },

    /**
     * The reconciliation job (design §4): finishes checkouts left open by a crash, a lost answer
     * or a buyer who left 3-D Secure, from what the provider says. An abandoned action is ended,
     * so its upsell no longer holds licenses against the ceiling.
     */
    async reconcileOpenCheckouts(): Promise<number> {
      // How long a checkout has been open is wall-clock time (its rows are stamped by the
      // database), not the movable subscription clock: moving that clock must not end a
      // checkout a buyer is still in the middle of.
      const rows = await repository.openCheckoutsBefore(new Date(Date.now() - reconcileAfterMs), 50);
      for (const row of rows) {
        try {
          await reconcile(row);
        } catch (error) {
          log.warn({ err: error, checkout: row.id }, 'subscription checkout not reconciled');
        }
      }
      return rows.length;
    },

    /** The provider's payment webhook: the same completion as the answer path. */
    async onPaymentSucceeded(payment: GatewayPayment) {
      const id = payment.metadata.subscription_checkout_id;
      const row =
        id && UUID.test(id) ? await repository.checkout(id) : await repository.checkoutOfPayment(payment.id);
      if (row && (OPEN as readonly string[]).includes(row.status)) {
        const method = payment.paymentMethodId
          ? await gateway.retrievePaymentMethod(payment.paymentMethodId)
          : null;
        await complete(row, method, payment);
      }
    },
    async onSetupSucceeded(setup: GatewaySetup) {
      const id = setup.metadata.subscription_checkout_id;
      const row = id && UUID.test(id) ? await repository.checkout(id) : null;
      if (row && (OPEN as readonly string[]).includes(row.status)) await afterSetup(row, setup);
    },
  };

  async function reconcile(row: SubscriptionCheckoutRow) {
    const abandoned = 'initial_authentication_or_charge_for_subscription_failed';
    if (row.gatewaySetupId) {
      const setup = await gateway.retrieveSetup(row.gatewaySetupId);
      if (setup.status === 'succeeded') await afterSetup(row, setup);
      else await fail(row, abandoned, false);
      return;
    }
    const payment = row.gatewayPaymentId
      ? await gateway.retrievePayment(row.gatewayPaymentId)
      : await gateway.findPaymentOfAttempt(row.id, new Date(row.createdAt.getTime() - 60_000));
    if (!payment) {
      // The provider never saw it: nothing was charged.
      await fail(row, 'card_error:processing_error', false);
      return;
    }
    if (
      payment.status === 'succeeded' ||
      payment.status === 'requires_payment_method' ||
      payment.status === 'canceled'
    ) {
      await afterPayment(row, payment);
      return;
    }
    if (payment.status === 'processing') return; // the webhook ends it
    await gateway.cancelPayment(payment.id, { idempotencyKey: key(row, 'cancel') });
    await fail(row, abandoned, false);
  }

  async function ownCheckout(userId: number, checkoutId: string): Promise<SubscriptionCheckoutRow> {
    const row = UUID.test(checkoutId) ? await repository.checkout(checkoutId) : null;
    if (!row || row.userId !== userId)
      throw new HttpError(404, 'not_found', 'There is no payment attempt with this id.');
    return row;
  }

  /** UpdateBilling: stores the information and re-taxes the next charge; answers the rate change. */
  async function updateBilling(row: SubscriptionCheckoutRow, purchase: Purchase, price: SubscriptionPrice) {
    const { row: done, change } = await completion.applyBilling(row, purchase.enrollment!, price);
    return answer(done ?? row, 'succeeded', { tax_rate_change: change });
  }
}

export type SubscriptionCheckoutService = ReturnType<typeof createSubscriptionCheckoutService>;
