import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { checkoutKey } from './subscription-checkout-charge.js';
import type { SubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import type { SubscriptionCheckoutRow, SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The reconciliation of subscription checkouts (design §4): those left open by a crash, a lost
 * answer or a buyer who left 3-D Secure are finished from what the provider says, through the
 * same paths as the answer. An abandoned action is ended (its payment cancelled), so its upsell
 * no longer holds licenses against the ceiling.
 */
export function createSubscriptionCheckoutReconciliation(deps: {
  repository: SubscriptionsRepository;
  gateway: PaymentGateway;
  outcomes: Pick<SubscriptionCheckoutOutcomes, 'fail' | 'afterSetup' | 'afterPayment'>;
  /** How old an open checkout must be before it is looked at. */
  reconcileAfterMs: number;
  log: FastifyBaseLogger;
}) {
  const { repository, gateway, reconcileAfterMs, log } = deps;
  const { fail, afterSetup, afterPayment } = deps.outcomes;

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
    await gateway.cancelPayment(payment.id, { idempotencyKey: checkoutKey(row, 'cancel') });
    await fail(row, abandoned, false);
  }

  /** The job: every checkout open longer than the window (50 a run). Resolves to how many it looked at. */
  async function reconcileOpenCheckouts(): Promise<number> {
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
  }

  return { reconcileOpenCheckouts };
}
