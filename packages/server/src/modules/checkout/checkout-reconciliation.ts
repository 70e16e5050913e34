import { paymentErrorCodeOf } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayPayment, PaymentGateway } from '../payments/payment-gateway.js';
import type { CheckoutFulfilment } from './checkout-fulfilment.js';
import type { MethodFlow } from './checkout-methods.js';
import type { AttemptRow, createCheckoutRepository } from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/** Reconciliation's defaults: when an open attempt is looked at, and when a buyer has left. */
export const RECONCILIATION = {
  /** Open attempts untouched this long are checked with the provider (a request lasts ≤ 60 s). */
  afterMs: 5 * 60 * 1000,
  /** A card, wallet or BNPL payment still waiting for the buyer after this is abandoned. */
  abandonAfterMs: 60 * 60 * 1000,
  /** Attempts looked at per run; the rest wait for the next run (every minute). */
  batch: 100,
} as const;

export type ReconcileOutcome = 'fulfilled' | 'failed' | 'refunded' | 'pending';

/**
 * Finishes attempts left open by a crash, a lost answer or a buyer who went away (design §4):
 * each is compared with the provider's payment (retrieved by id, or found by the attempt id
 * in its metadata when the id never reached our database) and ends exactly once either way,
 * through the same fulfilment and failure paths as the answer and the webhook.
 */
export function createCheckoutReconciliation(deps: {
  repository: CheckoutRepository;
  gateway: PaymentGateway;
  fulfilment: CheckoutFulfilment;
  flowOf(row: AttemptRow): MethodFlow;
  log: FastifyBaseLogger;
  afterMs?: number;
  abandonAfterMs?: number;
}) {
  const { repository, gateway, fulfilment, log } = deps;
  const afterMs = deps.afterMs ?? RECONCILIATION.afterMs;
  const abandonAfterMs = deps.abandonAfterMs ?? RECONCILIATION.abandonAfterMs;

  const outcomeOf = (row: AttemptRow | null): ReconcileOutcome =>
    row?.status === 'succeeded'
      ? 'fulfilled'
      : row?.gatewayRefundId
        ? 'refunded'
        : row && (row.status === 'failed' || row.status === 'canceled')
          ? 'failed'
          : 'pending';

  /** Still waiting on the buyer or the bank: looked at again after the next window. */
  async function keep(row: AttemptRow, payment: GatewayPayment): Promise<ReconcileOutcome> {
    await repository.transition(row.id, [row.status], { gatewayPaymentId: payment.id });
    return 'pending';
  }

  async function reconcile(row: AttemptRow): Promise<ReconcileOutcome> {
    const payment = row.gatewayPaymentId
      ? await gateway.retrievePayment(row.gatewayPaymentId)
      : await gateway.findPaymentOfAttempt(row.id, new Date(row.createdAt.getTime() - 60_000));
    if (!payment) {
      // Never reached the provider. A free or full-credit order has nothing to charge: the
      // buyer asked for it, so it is completed; a paid one is ended and its holds given back.
      if (row.amount === 0) return outcomeOf(await fulfilment.fulfil(row, null, 'reconciliation'));
      return outcomeOf(await fulfilment.fail(row, 'payment_expired'));
    }
    switch (payment.status) {
      case 'succeeded':
        return outcomeOf(await fulfilment.fulfil(row, payment, 'reconciliation'));
      case 'requires_payment_method': {
        const code = payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'payment_expired';
        return outcomeOf(await fulfilment.fail(row, code, { gatewayPaymentId: payment.id }));
      }
      case 'canceled':
        return outcomeOf(
          await fulfilment.fail(row, 'payment_expired', { gatewayPaymentId: payment.id, status: 'canceled' }),
        );
      case 'processing':
        return keep(row, payment);
      case 'requires_action':
      case 'requires_confirmation': {
        // Vouchers, debits and bank transfers end on the provider's side (paid or expired).
        if (payment.nextAction?.type === 'display_voucher' || deps.flowOf(row) === 'redirect') {
          return keep(row, payment);
        }
        // How long the buyer has been away is wall-clock time, like the attempt's own stamps
        // (the database's): moving the server's clock must not abandon a buyer mid-payment.
        if (Date.now() - row.createdAt.getTime() < abandonAfterMs) return keep(row, payment);
        // The buyer left mid-authentication: cancel, unless it succeeded in the meantime.
        const canceled = await gateway
          .cancelPayment(payment.id, { idempotencyKey: `checkout:${row.id}:abandon` })
          .catch(() => gateway.retrievePayment(payment.id));
        if (canceled.status === 'succeeded') {
          return outcomeOf(await fulfilment.fulfil(row, canceled, 'reconciliation'));
        }
        return outcomeOf(
          await fulfilment.fail(row, 'payment_expired', { gatewayPaymentId: payment.id, status: 'canceled' }),
        );
      }
    }
  }

  return {
    /** One attempt, whatever its age (the job, and a stuck attempt looked at by hand). */
    reconcile,

    /** The job: every open attempt older than the window, oldest first. Returns the outcomes. */
    async run(): Promise<Record<ReconcileOutcome, number>> {
      const counts: Record<ReconcileOutcome, number> = { fulfilled: 0, failed: 0, refunded: 0, pending: 0 };
      for (const row of await repository.openAttemptsOlderThan(afterMs, RECONCILIATION.batch)) {
        try {
          counts[await reconcile(row)] += 1;
        } catch (error) {
          // The provider may be down: the attempt stays open and is tried on the next run.
          log.warn({ err: error, attempt: row.id }, 'attempt reconciliation failed');
        }
      }
      if (counts.fulfilled + counts.failed + counts.refunded > 0) log.info({ counts }, 'attempts reconciled');
      return counts;
    },
  };
}

export type CheckoutReconciliation = ReturnType<typeof createCheckoutReconciliation>;
