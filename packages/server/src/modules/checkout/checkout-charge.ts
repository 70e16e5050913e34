import { money, paymentErrorCodeOf, type CheckoutResult, type CheckoutSubmitRequest } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import { GatewayError, type PaymentGateway } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { pendingAnswer } from './checkout-answers.js';
import type { AttemptOutcomes } from './checkout-attempt-outcomes.js';
import type { CheckoutBuyer, CheckoutMethodPlugin, MethodMarket } from './checkout-methods.js';
import type { CheckoutQuote } from './checkout-quote.js';
import type { AttemptRow } from './checkout.repository.js';

/** The idempotency key of one provider step of an attempt (design §4). */
export const attemptKey = (attempt: AttemptRow, step: string) => `checkout:${attempt.id}:${step}`;

/**
 * Paying a claimed attempt at the provider with its method's plugin: the payment's answer moves
 * the attempt on; a plugin's refusal, a decline or a refused request ends it as failed; an
 * unknown outcome leaves it open, holding its reservations, for the webhook or reconciliation.
 */
export function createCheckoutCharge(deps: {
  gateway: PaymentGateway;
  payments: Pick<PaymentsService, 'ensureCustomer'>;
  outcomes: Pick<AttemptOutcomes, 'fail' | 'afterPayment'>;
  /** Where the provider sends the buyer back: the attempt's success page, absolute. */
  returnUrlOf: (row: AttemptRow) => string;
  marketOf: (quote: CheckoutQuote) => MethodMarket;
  log: FastifyBaseLogger;
  faults: FaultPoints;
}) {
  const { gateway, payments, returnUrlOf, marketOf, log, faults } = deps;
  const { fail, afterPayment } = deps.outcomes;

  /** Pays a claimed attempt with its method's plugin; a decline is an answer, not an error. */
  async function charge(
    row: AttemptRow,
    buyer: CheckoutBuyer,
    info: CheckoutSubmitRequest['payment_info'],
    plugin: CheckoutMethodPlugin,
  ): Promise<CheckoutResult> {
    try {
      const paid = await plugin.pay({
        attempt: row,
        buyer,
        info,
        amount: money(row.amount, row.quote.currency),
        gateway,
        customer: () => payments.ensureCustomer(buyer.id, { email: buyer.email, name: buyer.name }),
        idempotencyKey: (step) => attemptKey(row, step),
        returnUrl: returnUrlOf(row),
        market: marketOf(row.quote),
      });
      if ('refused' in paid) return fail(row, paid.refused, { countsAsCardFailure: plugin.flow === 'card' });
      faults.reach('checkout.after_charge');
      return await afterPayment(row, paid);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, attempt: row.id, kind: error.kind }, 'payment failed at the provider');
      if (error.kind === 'card_declined') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: 'card_error',
            code: error.details.code ?? 'card_declined',
            declineCode: error.details.declineCode ?? null,
          }),
        );
      }
      if (error.kind === 'invalid_request' || error.kind === 'not_found') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: 'invalid_request_error',
            code: error.details.code ?? 'invalid_request',
            declineCode: null,
          }),
          { countsAsCardFailure: plugin.flow === 'card' },
        );
      }
      if (
        error.kind === 'unavailable' ||
        error.kind === 'protocol' ||
        error.kind === 'idempotency_conflict'
      ) {
        // The outcome is unknown (no answer, a 5xx): the charge may have happened. The attempt
        // keeps its reservations and stays open; the webhook or reconciliation ends it, and
        // the success page follows it meanwhile. Failing it here could let a retry pay twice.
        return pendingAnswer(row);
      }
      // The provider refused the request outright: nothing was charged.
      return fail(row, 'card_error:processing_error', { countsAsCardFailure: false });
    }
  }

  return { charge };
}

export type CheckoutCharge = ReturnType<typeof createCheckoutCharge>;
