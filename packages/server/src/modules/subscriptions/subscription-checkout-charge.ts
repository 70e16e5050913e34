import { money, paymentErrorCodeOf, type CheckoutResult, type CurrencyCode } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayError, type PaymentGateway } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import { MANAGE_SUBSCRIPTIONS_PATH, answer } from './subscription-checkout-answers.js';
import type { SubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import type { SubscriptionCheckoutSubmitRequest } from './subscription-checkout.schemas.js';
import type { SubscriptionPrice } from './subscription-pricing.js';
import type { Purchase } from './subscription-purchase.js';
import type { SubscriptionCheckoutRow, SubscriptionsRepository } from './subscriptions.repository.js';

/** The idempotency key of one provider step of a subscription checkout (design §4). */
export const checkoutKey = (row: SubscriptionCheckoutRow, step: string) => `subscription:${row.id}:${step}`;

/**
 * A checkout's calls to the provider: the subscriber's customer, created once; the card setup
 * (a trial starting, a card update) or the payment of today's total, each keyed by the checkout;
 * and the classification of a provider error (a decline is an answer, an unknown outcome leaves
 * the checkout open).
 */
export function createSubscriptionCheckoutCharge(deps: {
  repository: SubscriptionsRepository;
  payments: Pick<PaymentsService, 'ensureCustomer'>;
  gateway: PaymentGateway;
  outcomes: Pick<SubscriptionCheckoutOutcomes, 'fail' | 'afterSetup' | 'afterPayment'>;
  /** This site's origin: where the provider sends the buyer back to. */
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { repository, payments, gateway, log } = deps;
  const { fail, afterSetup, afterPayment } = deps.outcomes;

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

  /**
   * The first provider call of a claimed checkout that needs a card: a card setup for a new plan
   * with a trial or a card update, else the payment of today's total (the entered card, or the
   * stored one).
   */
  function pay(
    inserted: SubscriptionCheckoutRow,
    submitted: {
      buyer: CheckoutBuyer;
      event: SubscriptionCheckoutSubmitRequest['checkout_event'];
      purchase: Purchase;
      price: SubscriptionPrice;
      /** The card entered on the form; null: the subscriber's stored card. */
      enteredCard: string | null;
    },
  ): Promise<CheckoutResult> {
    const { buyer, event, purchase, price, enteredCard } = submitted;
    const profile = purchase.profile;
    const upsell = event === 'UpsellSubmit';
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
          { idempotencyKey: checkoutKey(inserted, 'setup') },
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
        { idempotencyKey: checkoutKey(inserted, 'payment') },
      );
      return afterPayment(inserted, payment);
    });
  }

  return { providerStep, pay };
}

export type SubscriptionCheckoutCharge = ReturnType<typeof createSubscriptionCheckoutCharge>;
