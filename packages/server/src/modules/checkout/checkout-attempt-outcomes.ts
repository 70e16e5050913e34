import { paymentErrorCodeOf, type CheckoutResult } from '@lectern/domain';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { GatewayPayment, PaymentGateway } from '../payments/payment-gateway.js';
import { answer, pendingAnswer, succeededAnswer } from './checkout-answers.js';
import type { CheckoutFulfilment } from './checkout-fulfilment.js';
import type { MethodFlow } from './checkout-methods.js';
import type { AttemptRow, createCheckoutRepository } from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/**
 * What the provider says of an attempt's payment, applied to the attempt: fulfilled, waiting
 * for the buyer's action (3-D Secure, a confirmation, a redirect, a voucher), processing, or
 * ended as failed (a card decline counting towards the card-testing cool-down); and the
 * checkout §3 answer for an attempt as it stands.
 */
export function createAttemptOutcomes(deps: {
  repository: CheckoutRepository;
  gateway: Pick<PaymentGateway, 'retrievePayment'>;
  fulfilment: Pick<CheckoutFulfilment, 'fulfil' | 'fail'>;
  /** Card testing (design §6): failed card attempts per buyer. */
  failures: Pick<AttemptLimiter, 'record'>;
  flowOf: (row: AttemptRow) => MethodFlow;
  /** Where the provider sends the buyer back: the attempt's success page, absolute. */
  returnUrlOf: (row: AttemptRow) => string;
}) {
  const { repository, gateway, fulfilment, failures, flowOf, returnUrlOf } = deps;

  /** The answer for an attempt as it stands, asking the provider when an action is pending. */
  async function resultOf(row: AttemptRow): Promise<CheckoutResult> {
    if (row.status === 'succeeded') return succeededAnswer(row);
    if (row.status === 'failed' || row.status === 'canceled') return answer(row, 'failed');
    if (row.status === 'requires_action' && row.gatewayPaymentId) {
      return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
    }
    return pendingAnswer(row);
  }

  /** Ends an open attempt as failed with its answer; a card decline counts towards the cool-down. */
  async function fail(
    row: AttemptRow,
    errorCode: string,
    extra: {
      gatewayPaymentId?: string | null;
      countsAsCardFailure?: boolean;
      status?: 'failed' | 'canceled';
    } = {},
  ): Promise<CheckoutResult> {
    const failed = await fulfilment.fail(row, errorCode, extra);
    if (!failed) return resultOf((await repository.find(row.id)) ?? row);
    if (extra.countsAsCardFailure ?? true) await failures.record(`user:${row.userId}`);
    return answer(failed, 'failed');
  }

  /** Moves the attempt on from what the provider says of its payment. */
  async function afterPayment(row: AttemptRow, payment: GatewayPayment): Promise<CheckoutResult> {
    const common = { gatewayPaymentId: payment.id, gatewayPaymentMethodId: payment.paymentMethodId };
    switch (payment.status) {
      case 'succeeded': {
        const done = await fulfilment.fulfil(row, payment, 'answer');
        return done ? resultOf(done) : pendingAnswer(row);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transition(row.id, ['processing', 'requires_action'], {
            status: 'requires_action',
            ...common,
          })) ?? (await repository.find(row.id));
        if (!moved || moved.status !== 'requires_action') return resultOf(moved ?? row);
        const action = payment.nextAction;
        const flow = flowOf(moved);
        if (flow === 'confirm' && payment.status === 'requires_confirmation') {
          // Buy now, pay later: the browser confirms, then the provider's approval page follows.
          return answer(moved, 'action_required', {
            client_secret: payment.clientSecret,
            payment_method_id: payment.paymentMethodId,
            authentication_type: 'payment',
            action_data: { type: 'confirm_payment' },
            return_url: returnUrlOf(moved),
          });
        }
        // A voucher to pay later: the success page shows it and follows the attempt.
        if (action?.type === 'display_voucher') return pendingAnswer(moved);
        if (flow !== 'card' && action?.type === 'redirect_to_url') {
          return answer(moved, 'redirect', { return_url: action.url });
        }
        return answer(moved, 'action_required', {
          client_secret: payment.clientSecret,
          payment_method_id: payment.paymentMethodId,
          authentication_type: 'payment',
          action_data:
            action?.type === 'redirect_to_url'
              ? { type: 'redirect_to_url', url: action.url }
              : { type: 'use_sdk', ...(action?.type === 'use_sdk' && action.url ? { url: action.url } : {}) },
        });
      }
      case 'processing': {
        const moved = await repository.transition(row.id, ['processing', 'requires_action'], {
          status: 'processing',
          ...common,
        });
        return pendingAnswer(moved ?? row);
      }
      case 'requires_payment_method':
        return fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', {
          gatewayPaymentId: payment.id,
        });
      case 'canceled':
        return fail(row, 'card_declined', { gatewayPaymentId: payment.id, status: 'canceled' });
    }
  }

  return { resultOf, fail, afterPayment };
}

export type AttemptOutcomes = ReturnType<typeof createAttemptOutcomes>;
