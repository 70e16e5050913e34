import type { GatewayPayment, GatewaySetup, PaymentGateway } from '../payments/payment-gateway.js';
import { OPEN_CHECKOUT as OPEN, UUID } from './subscription-checkout-answers.js';
import type { SubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The provider's webhooks of subscription checkouts: a payment or a card setup that succeeded
 * completes its open checkout through the same paths as the answer, whichever comes first.
 */
export function createSubscriptionCheckoutWebhooks(deps: {
  repository: SubscriptionsRepository;
  gateway: Pick<PaymentGateway, 'retrievePaymentMethod'>;
  outcomes: Pick<SubscriptionCheckoutOutcomes, 'complete' | 'afterSetup'>;
}) {
  const { repository, gateway } = deps;
  const { complete, afterSetup } = deps.outcomes;

  return {
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
}
