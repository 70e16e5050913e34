import { money, type CurrencyCode } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Writer } from '../../platform/db/database.js';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import type { GatewayFailure, GatewayPayment, PaymentGateway } from '../payments/payment-gateway.js';
import type { RenewalOutcomes } from './renewal-outcomes.js';
import { profileKeyOf, subscriberOf } from './renewal-subscribers.js';
import type { InvoiceRow, SubscriptionBillingRepository } from './subscription-billing.repository.js';
import type { AttemptOutcome, CollectPayload } from './subscription-renewals.js';

/** Provider calls of a renewal run in flight at once. */
const CHARGE_CONCURRENCY = 16;

const FAILED_ATTEMPT_NO_CARD: GatewayFailure = {
  code: 'no_payment_method',
  declineCode: null,
  message: 'There is no card on file to charge.',
  type: 'invalid_request_error',
};

const failureOf = (payment: GatewayPayment): GatewayFailure =>
  payment.lastError ?? {
    code: payment.status === 'requires_action' ? 'authentication_required' : 'payment_failed',
    declineCode: null,
    message:
      payment.status === 'requires_action'
        ? 'Your card was declined. This transaction requires authentication.'
        : 'The payment did not go through.',
    type: 'card_error',
  };

/**
 * The charging of invoices: each attempt begun (or resumed after a crash) under its own number,
 * the stored card charged off-session with that attempt's idempotency key, and the answers
 * handed to `outcomes` to record.
 */
export function createRenewalCharges(deps: {
  db: Database;
  billing: SubscriptionBillingRepository;
  gateway: PaymentGateway;
  /** Records the answers (the failures' retries queued there). */
  outcomes: Pick<RenewalOutcomes, 'recordPaid' | 'recordFailure'>;
  log: FastifyBaseLogger;
  faults: FaultPoints;
}) {
  const { db, billing, gateway, log, faults } = deps;
  const { recordPaid, recordFailure } = deps.outcomes;

  /**
   * Starts (or, after a crash, repeats) the next attempt of each invoice: an attempt interrupted
   * by a crash is repeated as itself, with the same number and so the same idempotency key.
   */
  async function beginAttempts(
    invoiceIds: number[],
    expected: Map<number, number>,
    onBegun?: (writer: Writer, invoice: InvoiceRow) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      // Attempts counted by the caller: the next one only from that count, or the one in flight after it.
      const seen = (invoice: InvoiceRow) => {
        const attempts = expected.get(invoice.id);
        return attempts === undefined || invoice.attempts === attempts + (invoice.charging ? 1 : 0);
      };
      const invoices = (await billing.invoicesByIds(invoiceIds, tx, true)).filter(
        (invoice) =>
          invoice.status !== 'paid' &&
          invoice.status !== 'void' &&
          invoice.status !== 'uncollectible' &&
          seen(invoice),
      );
      const enrollments = new Map(
        (await billing.enrollmentsByIds([...new Set(invoices.map((i) => i.enrollmentId))], tx)).map((row) => [
          row.id,
          row,
        ]),
      );
      const live = (invoice: InvoiceRow) => {
        const status = enrollments.get(invoice.enrollmentId)?.status;
        return status !== undefined && status !== 'EXPIRED' && status !== 'CANCELED';
      };
      const resumed = invoices.filter((invoice) => invoice.charging);
      const begun = await billing.beginAttempts(
        invoices.filter((invoice) => !invoice.charging && live(invoice)).map((invoice) => invoice.id),
        tx,
      );
      if (onBegun) for (const invoice of begun) await onBegun(tx, invoice);
      return { invoices: [...resumed, ...begun], enrollments };
    });
  }

  /**
   * One charge attempt of each invoice to its stored card, off-session, and the outcomes
   * recorded: the paid ones together, the failures one by one. An invoice whose provider call
   * failed (the provider unreachable) answers its error, so its job runs again.
   */
  async function collect(
    requests: CollectPayload[],
    hooks: { onBegun?: (writer: Writer, invoice: InvoiceRow) => Promise<void> } = {},
  ): Promise<Map<number, AttemptOutcome | Error>> {
    const outcomes = new Map<number, AttemptOutcome | Error>(requests.map((r) => [r.invoiceId, 'skipped']));
    const reasons = new Map(requests.map((request) => [request.invoiceId, request.reason]));
    const expected = new Map(
      requests.flatMap((request) =>
        request.attempts === undefined ? [] : [[request.invoiceId, request.attempts] as const],
      ),
    );
    const { invoices, enrollments } = await beginAttempts([...reasons.keys()], expected, hooks.onBegun);
    if (invoices.length === 0) return outcomes;
    const profiles = await billing.profilesOf([...enrollments.values()].map(subscriberOf));
    const paid: { invoiceId: number; payment: GatewayPayment }[] = [];
    const failed: { invoice: InvoiceRow; payment: GatewayPayment | null; failure: GatewayFailure }[] = [];
    let next = 0;
    const charge = async () => {
      while (next < invoices.length) {
        const invoice = invoices[next++]!;
        const profile = profiles.get(profileKeyOf(enrollments.get(invoice.enrollmentId)!));
        if (!profile?.paymentMethodId || !profile.gatewayCustomerId) {
          failed.push({ invoice, payment: null, failure: FAILED_ATTEMPT_NO_CARD });
          continue;
        }
        faults.reach('renewal.before_charge');
        try {
          const payment = await gateway.createPayment(
            {
              amount: money(invoice.amount, invoice.currency as CurrencyCode),
              customerId: profile.gatewayCustomerId,
              paymentMethodId: profile.paymentMethodId,
              methodTypes: ['card'],
              confirm: true,
              offSession: true,
              description: `Subscription ${invoice.kind === 'first_period' ? 'first period' : 'renewal'}`,
              metadata: { subscription_invoice_id: String(invoice.id), attempt: String(invoice.attempts) },
            },
            { idempotencyKey: `subscription-invoice:${invoice.id}:attempt:${invoice.attempts}` },
          );
          faults.reach('renewal.after_charge');
          if (payment.status === 'succeeded') paid.push({ invoiceId: invoice.id, payment });
          else failed.push({ invoice, payment, failure: failureOf(payment) });
        } catch (error) {
          log.warn({ err: error, invoice: invoice.id }, 'renewal charge not answered; tried again later');
          outcomes.set(invoice.id, error instanceof Error ? error : new Error(String(error)));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHARGE_CONCURRENCY, invoices.length) }, charge));
    if (paid.length > 0) faults.reach('renewal.before_record');
    for (const invoiceId of await recordPaid(paid)) outcomes.set(invoiceId, 'paid');
    for (const { invoice, payment, failure } of failed) {
      outcomes.set(
        invoice.id,
        await recordFailure(invoice.id, invoice.attempts, reasons.get(invoice.id)!, payment, failure),
      );
    }
    return outcomes;
  }

  return { collect };
}
