import { paymentErrorCodeOf } from '@lectern/domain';
import type { GatewayPayment } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { AttemptOutcomes } from './checkout-attempt-outcomes.js';
import type { CheckoutFulfilment } from './checkout-fulfilment.js';
import { FINAL_ATTEMPT_STATUSES } from './checkout-receipt.js';
import { UUID } from './checkout-returns.js';
import type { createCheckoutRepository } from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/**
 * The provider's payment webhooks of course attempts: the same fulfilment and failure as the
 * answer path, whichever comes first. Registers its handlers on `events`.
 */
export function listenToPaymentEvents(deps: {
  events: PaymentsService['events'];
  repository: CheckoutRepository;
  fulfilment: Pick<CheckoutFulfilment, 'fulfil'>;
  outcomes: Pick<AttemptOutcomes, 'fail'>;
}): void {
  const { events, repository, fulfilment } = deps;
  const { fail } = deps.outcomes;

  const attemptOfPayment = async (payment: GatewayPayment) => {
    // A subscription's payment (a plan checkout, a renewal) is never a course order's.
    if (payment.metadata.subscription_checkout_id || payment.metadata.subscription_invoice_id) return null;
    const attemptId = payment.metadata.payment_attempt_id;
    // A malformed id in the metadata must not make the event fail forever: look it up by payment.
    if (attemptId && UUID.test(attemptId)) return repository.find(attemptId);
    return repository.findByGatewayPayment(payment.id);
  };
  events.on('payment.succeeded', async (payment) => {
    const row = await attemptOfPayment(payment);
    // Most often the answer path fulfilled it already: no transaction needed to see that.
    if (row && row.orderId === null && row.gatewayRefundId === null) {
      await fulfilment.fulfil(row, payment, 'webhook');
    }
  });
  events.on('payment.failed', async (payment) => {
    const row = await attemptOfPayment(payment);
    if (row && !FINAL_ATTEMPT_STATUSES.has(row.status)) {
      await fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', {
        gatewayPaymentId: payment.id,
      });
    }
  });
}
