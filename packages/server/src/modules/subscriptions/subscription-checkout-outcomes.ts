import { paymentErrorCodeOf, type CheckoutResult } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type {
  GatewayPayment,
  GatewayPaymentMethod,
  GatewaySetup,
  PaymentGateway,
} from '../payments/payment-gateway.js';
import { planPageOf, OPEN_CHECKOUT as OPEN, actionOf, answer } from './subscription-checkout-answers.js';
import { checkoutKey as key } from './subscription-checkout-charge.js';
import type { SubscriptionCompletion } from './subscription-completion.js';
import type { SubscriptionCheckoutRow, SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * What the provider says of a checkout's card setup or payment, applied: the checkout's effect
 * applied once (subscription-completion.ts), a refund when it no longer can be, the buyer's
 * action (3-D Secure) asked for, or the checkout ended as failed (a card decline counting
 * towards the card-testing cool-down); and the checkout §3 answer for a checkout as it stands.
 */
export function createSubscriptionCheckoutOutcomes(deps: {
  repository: SubscriptionsRepository;
  gateway: PaymentGateway;
  completion: Pick<SubscriptionCompletion, 'apply'>;
  /** Card testing (design §6): failed card attempts per buyer. */
  failures: Pick<AttemptLimiter, 'record'>;
  log: FastifyBaseLogger;
}) {
  const { repository, gateway, completion, failures, log } = deps;

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

  /** The buyer's next checkout of this checkout's plan charges the first period now (skip-free-trial). */
  async function skipTrialOf(row: SubscriptionCheckoutRow): Promise<void> {
    const bought = (await repository.plans()).find(({ options }) =>
      options.some((option) => option.id === row.quote.priceOptionId),
    );
    if (bought) await repository.setTrialSkip(row.userId, bought.plan.id, true);
  }

  async function resultOf(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    if (row.status === 'succeeded') return answer(row, 'succeeded');
    if (row.status === 'failed') return answer(row, 'failed');
    if (row.status === 'requires_action') {
      if (row.gatewaySetupId) return afterSetup(row, await gateway.retrieveSetup(row.gatewaySetupId));
      if (row.gatewayPaymentId) return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
    }
    return answer(row, 'redirect', { return_url: planPageOf(row) });
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
            // The page reloads (team-plan §4): it then offers to pay now instead of a trial.
            await skipTrialOf(row);
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
        return answer(row, 'redirect', { return_url: planPageOf(row) });
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
        return answer(row, 'redirect', { return_url: planPageOf(row) });
      default:
        return fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', true);
    }
  }

  return { fail, resultOf, complete, afterSetup, afterPayment };
}

export type SubscriptionCheckoutOutcomes = ReturnType<typeof createSubscriptionCheckoutOutcomes>;
