import type { CheckoutResult } from '@lectern/domain';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { UUID } from './subscription-checkout-answers.js';
import { checkoutKey, type SubscriptionCheckoutCharge } from './subscription-checkout-charge.js';
import type { SubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import type { SubscriptionResultRequest } from './subscription-checkout.schemas.js';
import type { SubscriptionCheckoutRow, SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The buyer's way back to a submitted subscription checkout: its result after 3-D Secure (the
 * payment confirmed, or the card setup read), and its current result. Only the buyer's own
 * checkouts: another user's is answered like a missing one.
 */
export function createSubscriptionCheckoutReturns(deps: {
  repository: SubscriptionsRepository;
  gateway: Pick<PaymentGateway, 'retrievePayment' | 'confirmPayment' | 'retrieveSetup'>;
  outcomes: Pick<SubscriptionCheckoutOutcomes, 'resultOf' | 'afterSetup' | 'afterPayment'>;
  charge: Pick<SubscriptionCheckoutCharge, 'providerStep'>;
}) {
  const { repository, gateway } = deps;
  const { resultOf, afterSetup, afterPayment } = deps.outcomes;
  const { providerStep } = deps.charge;

  async function ownCheckout(userId: number, checkoutId: string): Promise<SubscriptionCheckoutRow> {
    const row = UUID.test(checkoutId) ? await repository.checkout(checkoutId) : null;
    if (!row || row.userId !== userId)
      throw new HttpError(404, 'not_found', 'There is no payment attempt with this id.');
    return row;
  }

  return {
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
            payment = await gateway.confirmPayment(
              payment.id,
              {},
              { idempotencyKey: checkoutKey(row, 'confirm') },
            );
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
  };
}
