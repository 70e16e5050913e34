import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock/clock.js';
import type { Writer } from '../../platform/db/database.js';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { GatewayNextAction, GatewayPayment, PaymentGateway } from '../payments/payment-gateway.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import { createRenewalCharges } from './renewal-charges.js';
import { createRenewalOutcomes } from './renewal-outcomes.js';
import { createRenewalPeriodEnds } from './renewal-period-ends.js';
import { createOffersOf } from './renewal-subscribers.js';
import { createRenewalTaxes } from './renewal-taxes.js';
import type { InvoiceRow, SubscriptionBillingRepository } from './subscription-billing.repository.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Why a charge attempt of an invoice runs: at the due date, a scheduled retry, a new card, or
 * staff retrying it now from the back office (like a new card, it adds nothing to the schedule).
 */
export type CollectReason = { due: true } | { retry: number } | { card: string } | { staff: true };

export interface CollectPayload {
  invoiceId: number;
  reason: CollectReason;
  /**
   * The attempts the caller saw (staff): the attempt is made only while the invoice still has
   * that many (or repeats the one in flight that followed them), so a repeated request acts once.
   */
  attempts?: number;
}

export interface PeriodEndPayload {
  enrollmentId: number;
  periodEnd: string;
}

/** What the last attempt of an invoice came to. */
export type AttemptOutcome = 'paid' | 'failed' | 'action_required' | 'expired' | 'skipped';

/**
 * The lifecycle engine (design §5, decision 0021): at a period's end a trial converts or a
 * plan renews by charging the stored card off-session; a failure makes the plan past due and
 * is retried 1, 3 and 5 days after the due date (and at once when the card changes); the last
 * failure expires it; a cancelled plan expires at its period end. Jobs drive every step, keyed
 * so that each period is charged once whatever crashes or duplicate runs happen.
 *
 * Composed of its parts: the taxes of renewals (renewal-taxes), the ends of periods
 * (renewal-period-ends), the charge attempts (renewal-charges) and the recording of their
 * outcomes (renewal-outcomes); the jobs that drive them and the public methods are here.
 */
export function createSubscriptionRenewals(deps: {
  repository: SubscriptionsRepository;
  billing: SubscriptionBillingRepository;
  gateway: PaymentGateway;
  tax: TaxProvider;
  queue: JobQueue;
  notices: SubscriptionNotices;
  clock: Clock;
  log: FastifyBaseLogger;
  faults: FaultPoints;
}) {
  const { repository, billing, gateway, queue, notices, clock, log, faults } = deps;
  const db = repository.db;
  const offersOf = createOffersOf(db);

  // The jobs run the parts composed below: only when the queue runs them, after this returns.
  const periodEndJobs = queue.define<PeriodEndPayload>({
    kind: 'subscriptions.period_end',
    run: async (payload) => {
      const [error] = await periodEnds.endPeriods([payload]);
      if (error) throw error;
    },
    runBatch: (jobs) => periodEnds.endPeriods(jobs.map((job) => job.payload)),
  });
  const collectJobs = queue.define<CollectPayload>({
    kind: 'subscriptions.collect',
    run: async (payload) => {
      const outcome = (await charges.collect([payload])).get(payload.invoiceId);
      if (outcome instanceof Error) throw outcome;
    },
  });
  const reminderJobs = queue.define<{ enrollmentId: number; trialEnd: string }>({
    kind: 'subscriptions.trial_reminder',
    run: async ({ enrollmentId, trialEnd }) => {
      await db.transaction(async (tx) => {
        const row = await repository.enrollment(enrollmentId, tx);
        if (row?.status !== 'TRIAL' || row.trialEnd?.toISOString() !== trialEnd) return;
        await notices.trialEnding(row, tx);
      });
    },
  });

  const collectKey = (invoiceId: number, reason: CollectReason) =>
    'due' in reason
      ? `${invoiceId}:due`
      : 'retry' in reason
        ? `${invoiceId}:retry:${reason.retry}`
        : 'card' in reason
          ? `${invoiceId}:card:${reason.card}`
          : `${invoiceId}:staff`;

  const { recordPaid, recordFailure, markUncollectible } = createRenewalOutcomes({
    repository,
    billing,
    notices,
    log,
    offersOf,
    queueRetry: (writer, invoiceId, retry, runAt) => {
      const reason = { retry };
      return collectJobs.enqueue(writer, collectKey(invoiceId, reason), { invoiceId, reason }, runAt);
    },
  });
  const charges = createRenewalCharges({
    db,
    billing,
    gateway,
    outcomes: { recordPaid, recordFailure },
    log,
    faults,
  });
  const { taxesOf } = createRenewalTaxes({ tax: deps.tax, log });
  const periodEnds = createRenewalPeriodEnds({
    repository,
    billing,
    notices,
    clock,
    taxesOf,
    offersOf,
    collect: charges.collect,
  });

  return {
    /**
     * Queues the period-end job of every plan whose period or trial ended, and the reminder of
     * every trial ending within three days; keyed, so a sweep repeated by another instance adds
     * nothing. Resolves to how many it looked at.
     */
    async sweep(limit = 10_000): Promise<number> {
      const now = clock.now();
      const ended = await billing.periodsEndedBy(now, limit);
      const trials = await billing.trialsEndingBy(now, 3);
      if (ended.length === 0 && trials.length === 0) return 0;
      await db.transaction(async (tx) => {
        await periodEndJobs.enqueueMany(
          tx,
          ended.map((row) => {
            const periodEnd = row.periodEnd.toISOString();
            return {
              key: `${row.id}:${periodEnd}`,
              payload: { enrollmentId: row.id, periodEnd },
              runAt: row.periodEnd,
            };
          }),
        );
        await reminderJobs.enqueueMany(
          tx,
          trials.map((row) => {
            const trialEnd = row.trialEnd.toISOString();
            return { key: `${row.id}:${trialEnd}`, payload: { enrollmentId: row.id, trialEnd } };
          }),
        );
      });
      return ended.length + trials.length;
    },

    /** The stored card changed: a past-due plan's unpaid invoice is tried again at once. */
    async retryWithNewCard(enrollmentId: number, paymentMethodId: string, writer: Writer): Promise<void> {
      const invoice = await billing.openInvoice(enrollmentId, writer);
      if (!invoice) return;
      const reason = { card: paymentMethodId };
      await collectJobs.enqueue(writer, collectKey(invoice.id, reason), { invoiceId: invoice.id, reason });
    },

    /**
     * Staff retry an unpaid invoice now (back office): one attempt at once with the stored card,
     * recorded like any (paid: the plan is active again; declined: still past due, the schedule
     * unchanged). `attempts` is what the staff member saw; `onBegun` writes the audit entry in the
     * transaction that starts the attempt. Resolves to the outcome ('skipped': the invoice is
     * not open, or was retried since), or the provider's error when it did not answer.
     */
    async retryNow(
      invoiceId: number,
      attempts: number,
      onBegun: (writer: Writer, invoice: InvoiceRow) => Promise<void>,
    ): Promise<AttemptOutcome | Error> {
      const outcomes = await charges.collect([{ invoiceId, reason: { staff: true }, attempts }], { onBegun });
      return outcomes.get(invoiceId) ?? 'skipped';
    },

    /**
     * Staff give up on an unpaid invoice (back office): it is `uncollectible` and the plan ends the
     * way it does when the last retry fails. Null when it is not open or an attempt is in flight.
     */
    markUncollectible,

    /** The provider says an invoice's payment succeeded (the admin authenticated it): record it once. */
    async onPaymentSucceeded(payment: GatewayPayment): Promise<void> {
      const invoiceId = Number(payment.metadata.subscription_invoice_id);
      if (!Number.isSafeInteger(invoiceId)) return;
      const invoice = await billing.invoice(invoiceId);
      if (
        !invoice ||
        invoice.amount !== payment.amount.amount ||
        invoice.currency !== payment.amount.currency
      ) {
        log.error({ invoice: invoiceId, payment: payment.id }, 'subscription invoice payment does not match');
        return;
      }
      // Most often the attempt's own answer recorded it already.
      if (invoice.status === 'paid') return;
      await recordPaid([{ invoiceId, payment }]);
    },

    /**
     * The admin authenticates a renewal the bank wanted confirmed (team-plan §8 via the mailed
     * link): the provider's payment is confirmed again on-session; its 3-D Secure page comes back
     * to `returnUrl`, where this is called again and records the payment once it succeeded.
     */
    async authenticate(invoiceId: number, returnUrl: string): Promise<AuthenticationStep> {
      const invoice = await billing.invoice(invoiceId);
      if (!invoice) return { status: 'missing' };
      if (invoice.status === 'paid') return { status: 'succeeded' };
      if (invoice.status === 'void' || invoice.status === 'uncollectible' || !invoice.gatewayPaymentId)
        return { status: 'closed' };
      let payment = await gateway.retrievePayment(invoice.gatewayPaymentId);
      if (payment.status === 'requires_payment_method' || payment.status === 'requires_confirmation') {
        const enrollment = (await repository.enrollment(invoice.enrollmentId))!;
        const profile = await repository.profile({
          type: enrollment.subscriberType,
          id: enrollment.subscriberId,
        });
        payment = await gateway.confirmPayment(
          payment.id,
          { paymentMethodId: profile?.paymentMethodId ?? payment.paymentMethodId ?? undefined, returnUrl },
          // A payment succeeds at most once, so a repeated confirmation cannot charge twice; each
          // visit of the admin is a confirmation of its own (the last 3-D Secure may have failed).
          { idempotencyKey: `subscription-invoice:${invoice.id}:authenticate:${randomUUID()}` },
        );
      }
      if (payment.status === 'succeeded') {
        await recordPaid([{ invoiceId: invoice.id, payment }]);
        return { status: 'succeeded' };
      }
      if (payment.status === 'requires_action' && payment.nextAction) {
        return {
          status: 'action_required',
          nextAction: payment.nextAction,
          clientSecret: payment.clientSecret,
        };
      }
      return { status: 'failed', message: payment.lastError?.message ?? 'The payment did not go through.' };
    },
  };
}

/** Where authenticating a renewal stands. */
export type AuthenticationStep =
  | { status: 'succeeded' }
  | { status: 'missing' }
  /** Expired or never charged: nothing to authenticate. */
  | { status: 'closed' }
  | { status: 'action_required'; nextAction: GatewayNextAction; clientSecret: string }
  | { status: 'failed'; message: string };

export type SubscriptionRenewals = ReturnType<typeof createSubscriptionRenewals>;
