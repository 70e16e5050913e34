import { type CheckoutReceipt, type CheckoutResult, type CheckoutResultRequest } from '@lectern/domain';
import { notFound, validationError } from '../../platform/http/http-error.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { AttemptOutcomes } from './checkout-attempt-outcomes.js';
import { attemptKey } from './checkout-charge.js';
import type { MethodFlow } from './checkout-methods.js';
import { FINAL_ATTEMPT_STATUSES, pendingPaymentOf, receiptOf } from './checkout-receipt.js';
import type { AttemptRow, createCheckoutRepository } from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/** The form of an attempt's id: any other id names no attempt (and is not looked up). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The buyer's way back to a submitted attempt: its result after the browser's action (3-D
 * Secure), its current result, and the success page's receipt. Only the buyer's own attempts:
 * another user's is answered exactly like a missing one.
 */
export function createCheckoutReturns(deps: {
  repository: CheckoutRepository;
  gateway: Pick<PaymentGateway, 'retrievePayment' | 'confirmPayment'>;
  outcomes: Pick<AttemptOutcomes, 'resultOf' | 'afterPayment'>;
  flowOf: (row: AttemptRow) => MethodFlow;
  now: () => Date;
}) {
  const { repository, gateway, flowOf, now } = deps;
  const { resultOf, afterPayment } = deps.outcomes;

  async function ownAttempt(userId: number, attemptId: string): Promise<AttemptRow> {
    const row = UUID.test(attemptId) ? await repository.find(attemptId) : null;
    // Another user's attempt is answered exactly like a missing one.
    if (!row || row.userId !== userId) throw notFound('There is no payment attempt with this id.');
    return row;
  }

  return {
    /** `PATCH /payment/checkout-submit/{id}/`: after the action (3-D Secure) in the browser. */
    async result(userId: number, attemptId: string, request: CheckoutResultRequest): Promise<CheckoutResult> {
      const row = await ownAttempt(userId, attemptId);
      const credentials = request.payment_info.credentials;
      const intentId = 'payment_intent_id' in credentials ? credentials.payment_intent_id : null;
      if (row.status === 'succeeded' && row.gatewayPaymentId && intentId === row.gatewayPaymentId) {
        // The provider's event often records the order first, and it names only the card's id:
        // the buyer's return brings the payment with its card to complete the order.
        return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
      }
      if (FINAL_ATTEMPT_STATUSES.has(row.status)) return resultOf(row);
      if (!row.gatewayPaymentId || intentId !== row.gatewayPaymentId) {
        throw validationError({
          'payment_info.credentials.payment_intent_id': ['This is not the payment of this attempt.'],
        });
      }
      let payment = await gateway.retrievePayment(row.gatewayPaymentId);
      // Cards authenticated by 3-D Secure wait for the server's confirmation; a BNPL payment
      // in this state is still the browser's to confirm.
      if (payment.status === 'requires_confirmation' && flowOf(row) === 'card') {
        payment = await gateway.confirmPayment(
          payment.id,
          {},
          { idempotencyKey: attemptKey(row, 'confirm') },
        );
      }
      return afterPayment(row, payment);
    },

    /** `GET /payment/checkout-submit/{id}/`: the attempt's current result. */
    async attempt(userId: number, attemptId: string): Promise<CheckoutResult> {
      return resultOf(await ownAttempt(userId, attemptId));
    },

    /** `GET /payment/checkout-result/?payment_attempt_id=`: what the success page shows. */
    async receipt(userId: number, attemptId: string, locale: string): Promise<CheckoutReceipt> {
      const row = await ownAttempt(userId, attemptId);
      const pending = FINAL_ATTEMPT_STATUSES.has(row.status) ? null : await pendingPaymentOf(row, gateway);
      return receiptOf(row, pending, locale, now());
    },
  };
}
