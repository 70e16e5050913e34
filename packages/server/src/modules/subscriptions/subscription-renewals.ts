import { randomUUID } from 'node:crypto';
import {
  addInterval,
  dunningRetryAt,
  money,
  nextLifecycleState,
  periodCharge,
  renewsAtPeriodEnd,
  type CurrencyCode,
  type LifecycleState,
  type TaxBreakdownType,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock/clock.js';
import type { Writer } from '../../platform/db/database.js';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type {
  GatewayFailure,
  GatewayNextAction,
  GatewayPayment,
  PaymentGateway,
} from '../payments/payment-gateway.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { SubscriptionBillingRepository, InvoiceRow } from './subscription-billing.repository.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import type { EnrollmentRow, SubscriptionsRepository } from './subscriptions.repository.js';

/** Why a charge attempt of an invoice runs: at the due date, a scheduled retry, or a new card. */
export type CollectReason = { due: true } | { retry: number } | { card: string };

export interface CollectPayload {
  invoiceId: number;
  reason: CollectReason;
}

export interface PeriodEndPayload {
  enrollmentId: number;
  periodEnd: string;
}

/** What the last attempt of an invoice came to. */
export type AttemptOutcome = 'paid' | 'failed' | 'action_required' | 'expired' | 'skipped';

const FAILED_ATTEMPT_NO_CARD: GatewayFailure = {
  code: 'no_payment_method',
  declineCode: null,
  message: 'There is no card on file to charge.',
  type: 'invalid_request_error',
};

/**
 * The lifecycle engine (design §5, decision 0021): at a period's end a trial converts or a
 * plan renews by charging the stored card off-session; a failure makes the plan past due and
 * is retried 1, 3 and 5 days after the due date (and at once when the card changes); the last
 * failure expires it; a cancelled plan expires at its period end. Jobs drive every step, keyed
 * so that each period is charged once whatever crashes or duplicate runs happen.
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

  const periodEndJobs = queue.define<PeriodEndPayload>({
    kind: 'subscriptions.period_end',
    run: (payload) => endPeriod(payload.enrollmentId, new Date(payload.periodEnd)),
  });
  const collectJobs = queue.define<CollectPayload>({
    kind: 'subscriptions.collect',
    run: async (payload) => {
      await collect(payload.invoiceId, payload.reason);
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
        : `${invoiceId}:card:${reason.card}`;

  /** The next period's charge at the billing location's tax today (the agreed rate when it has none). */
  async function nextCharge(enrollment: EnrollmentRow, at: Date) {
    const profile = await repository.profile({
      type: enrollment.subscriberType,
      id: enrollment.subscriberId,
    });
    let rate = Number(enrollment.taxRate);
    let mode = enrollment.taxMode as TaxBreakdownType;
    if (profile?.country) {
      const determined = await deps.tax
        .determine({ country: profile.country, secondaryLocation: profile.secondaryLocation }, at)
        .catch((error: unknown) => {
          log.warn(
            { err: error, enrollment: enrollment.id },
            'renewal tax not determined; the agreed rate applies',
          );
          return null;
        });
      if (determined?.ok) {
        rate = determined.ratePercent;
        mode = determined.mode;
      }
    }
    const unit = money(enrollment.unitPrice, enrollment.currency as CurrencyCode);
    return { charge: periodCharge(unit, enrollment.licenseCount, rate, mode), rate, mode };
  }

  /**
   * A period ended: a cancelled plan expires; a trial or an active plan gets the next period's
   * invoice, whose first attempt runs at once. A repeated run finds the invoice and goes on
   * with it (a crash between the two steps loses nothing).
   */
  async function endPeriod(enrollmentId: number, periodEnd: Date): Promise<void> {
    const current = await repository.enrollment(enrollmentId);
    if (!current || current.currentPeriodEnd.getTime() !== periodEnd.getTime()) return;
    const state = current.status as LifecycleState;
    if (state === 'CANCELED') {
      await db.transaction(async (tx) => {
        const row = await repository.enrollment(enrollmentId, tx, true);
        if (row?.status !== 'CANCELED' || row.currentPeriodEnd.getTime() !== periodEnd.getTime()) return;
        await repository.updateEnrollment(
          row.id,
          { status: nextLifecycleState('CANCELED', 'period_ended')! },
          tx,
        );
        await notices.expired(row, tx);
      });
      return;
    }
    if (!renewsAtPeriodEnd(state)) return;
    let invoice = await billing.invoiceOfPeriod(enrollmentId, periodEnd);
    if (!invoice) {
      const options = (await repository.plans()).flatMap((plan) => plan.options);
      const option = options.find((candidate) => candidate.id === current.priceOptionId);
      if (!option) throw new Error(`enrollment ${enrollmentId} has no price option ${current.priceOptionId}`);
      const { charge, rate, mode } = await nextCharge(current, periodEnd);
      invoice = await db.transaction(async (tx) => {
        const row = await repository.enrollment(enrollmentId, tx, true);
        if (!row || row.currentPeriodEnd.getTime() !== periodEnd.getTime()) return null;
        if (!renewsAtPeriodEnd(row.status as LifecycleState)) return null;
        const created = await billing.insertInvoice(
          {
            enrollmentId,
            kind: row.status === 'TRIAL' ? 'first_period' : 'renewal',
            status: 'open',
            periodStart: periodEnd,
            periodEnd: addInterval(periodEnd, { type: option.renewalType, count: option.renewalCount }),
            licenses: row.licenseCount,
            currency: row.currency,
            unitPrice: row.unitPrice,
            amount: charge.total.amount,
            taxAmount: charge.tax.amount,
            taxRate: String(rate),
            taxMode: mode,
          },
          tx,
        );
        return created ?? (await billing.invoiceOfPeriod(enrollmentId, periodEnd, tx));
      });
      if (!invoice) return;
    }
    await collect(invoice.id, { due: true });
  }

  /** Starts (or, after a crash, repeats) attempt n of an invoice; null when there is nothing to charge. */
  async function beginAttempt(invoiceId: number): Promise<InvoiceRow | null> {
    return db.transaction(async (tx) => {
      const invoice = await billing.invoice(invoiceId, tx, true);
      if (!invoice || invoice.status === 'paid' || invoice.status === 'void') return null;
      // An attempt interrupted by a crash is repeated as itself: same number, same idempotency key.
      if (invoice.charging) return invoice;
      const enrollment = await repository.enrollment(invoice.enrollmentId, tx);
      if (!enrollment || enrollment.status === 'EXPIRED' || enrollment.status === 'CANCELED') return null;
      return billing.updateInvoice(invoice.id, { attempts: invoice.attempts + 1, charging: true }, tx);
    });
  }

  /** One charge attempt of an invoice to the stored card, off-session; records its outcome. */
  async function collect(invoiceId: number, reason: CollectReason): Promise<AttemptOutcome> {
    const invoice = await beginAttempt(invoiceId);
    if (!invoice) return 'skipped';
    const enrollment = (await repository.enrollment(invoice.enrollmentId))!;
    const profile = await repository.profile({
      type: enrollment.subscriberType,
      id: enrollment.subscriberId,
    });
    if (!profile?.paymentMethodId || !profile.gatewayCustomerId) {
      return recordFailure(invoice.id, invoice.attempts, reason, null, FAILED_ATTEMPT_NO_CARD);
    }
    faults.reach('renewal.before_charge');
    const payment = await gateway.createPayment(
      {
        amount: money(invoice.amount, invoice.currency as CurrencyCode),
        customerId: profile.gatewayCustomerId,
        paymentMethodId: profile.paymentMethodId,
        methodTypes: ['card'],
        confirm: true,
        offSession: true,
        description: `Subscription ${invoice.kind === 'first_period' ? 'first period' : 'renewal'}`,
        metadata: {
          subscription_invoice_id: String(invoice.id),
          attempt: String(invoice.attempts),
        },
      },
      { idempotencyKey: `subscription-invoice:${invoice.id}:attempt:${invoice.attempts}` },
    );
    faults.reach('renewal.after_charge');
    return settle(invoice.id, invoice.attempts, reason, payment);
  }

  /** Records what the provider answered for an attempt. */
  async function settle(
    invoiceId: number,
    attempt: number,
    reason: CollectReason,
    payment: GatewayPayment,
  ): Promise<AttemptOutcome> {
    if (payment.status === 'succeeded') return (await recordPaid(invoiceId, payment)) ? 'paid' : 'skipped';
    const failure: GatewayFailure = payment.lastError ?? {
      code: payment.status === 'requires_action' ? 'authentication_required' : 'payment_failed',
      declineCode: null,
      message:
        payment.status === 'requires_action'
          ? 'Your card was declined. This transaction requires authentication.'
          : 'The payment did not go through.',
      type: 'card_error',
    };
    return recordFailure(invoiceId, attempt, reason, payment, failure);
  }

  /**
   * The invoice is paid: a receipt, the plan ACTIVE for the paid period (trial converted,
   * renewed, or back from past due). Once per invoice, whichever path (the attempt's answer,
   * the provider's webhook after authentication) arrives first.
   */
  async function recordPaid(invoiceId: number, payment: GatewayPayment): Promise<boolean> {
    const paymentMethod = payment.paymentMethod;
    return db.transaction(async (tx) => {
      const invoice = await billing.invoice(invoiceId, tx, true);
      if (!invoice || invoice.status === 'paid') return false;
      const enrollment = (await repository.enrollment(invoice.enrollmentId, tx, true))!;
      const profile = await repository.profile(
        { type: enrollment.subscriberType, id: enrollment.subscriberId },
        tx,
      );
      const charge = await repository.insertCharge(
        {
          enrollmentId: enrollment.id,
          invoiceId: invoice.id,
          kind: invoice.kind,
          status: 'succeeded',
          licenses: invoice.licenses,
          currency: invoice.currency,
          unitPrice: invoice.unitPrice,
          amount: invoice.amount,
          taxAmount: invoice.taxAmount,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          gatewayPaymentId: payment.id,
          cardBrand: paymentMethod?.card?.brand ?? profile?.cardBrand ?? null,
          cardLast4: paymentMethod?.card?.last4 ?? profile?.cardLast4 ?? null,
        },
        tx,
      );
      await billing.updateInvoice(
        invoice.id,
        { status: 'paid', charging: false, gatewayPaymentId: payment.id, nextAttemptAt: null },
        tx,
      );
      const next = nextLifecycleState(enrollment.status as LifecycleState, 'period_paid');
      if (next === null) {
        // Paid after the plan ended (authenticated late): the money is recorded; support refunds it.
        log.error(
          { enrollment: enrollment.id, invoice: invoice.id },
          'invoice paid for a plan that has ended',
        );
      } else if (enrollment.currentPeriodEnd.getTime() === invoice.periodStart.getTime()) {
        await repository.updateEnrollment(
          enrollment.id,
          {
            status: next,
            currentPeriodStart: invoice.periodStart,
            currentPeriodEnd: invoice.periodEnd,
            chargeAmount: invoice.amount,
            taxAmount: invoice.taxAmount,
            taxRate: invoice.taxRate,
            taxMode: invoice.taxMode,
          },
          tx,
        );
      }
      await notices.receipt(enrollment, charge, tx);
      return true;
    });
  }

  /**
   * An attempt failed: the plan is past due and the next scheduled retry is queued; after the
   * last one it expires. An authentication request leaves the invoice waiting for the admin,
   * who gets a link to authenticate (the scheduled retries go on meanwhile).
   */
  async function recordFailure(
    invoiceId: number,
    attempt: number,
    reason: CollectReason,
    payment: GatewayPayment | null,
    failure: GatewayFailure,
  ): Promise<AttemptOutcome> {
    return db.transaction(async (tx): Promise<AttemptOutcome> => {
      const invoice = await billing.invoice(invoiceId, tx, true);
      if (!invoice || !invoice.charging || invoice.attempts !== attempt) return 'skipped';
      const enrollment = (await repository.enrollment(invoice.enrollmentId, tx, true))!;
      const profile = await repository.profile(
        { type: enrollment.subscriberType, id: enrollment.subscriberId },
        tx,
      );
      await repository.insertCharge(
        {
          enrollmentId: enrollment.id,
          invoiceId: invoice.id,
          kind: invoice.kind,
          status: 'failed',
          licenses: invoice.licenses,
          currency: invoice.currency,
          unitPrice: invoice.unitPrice,
          amount: invoice.amount,
          taxAmount: invoice.taxAmount,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          gatewayPaymentId: payment?.id ?? null,
          cardBrand: profile?.cardBrand ?? null,
          cardLast4: profile?.cardLast4 ?? null,
          failureCode: failure.declineCode ?? failure.code,
          failureMessage: failure.message,
        },
        tx,
      );
      const needsAuthentication = failure.code === 'authentication_required';
      const lastRetry = 'retry' in reason && dunningRetryAt(invoice.periodStart, reason.retry + 1) === null;
      const nextRetry =
        'due' in reason
          ? dunningRetryAt(invoice.periodStart, 1)
          : 'retry' in reason
            ? dunningRetryAt(invoice.periodStart, reason.retry + 1)
            : invoice.nextAttemptAt;
      const state = enrollment.status as LifecycleState;
      if (lastRetry) {
        const expired = nextLifecycleState(state, 'retries_exhausted');
        await billing.updateInvoice(
          invoice.id,
          {
            status: 'void',
            charging: false,
            nextAttemptAt: null,
            failureCode: failure.code,
            failureMessage: failure.message,
            gatewayPaymentId: payment?.id ?? invoice.gatewayPaymentId,
          },
          tx,
        );
        if (expired) {
          await repository.updateEnrollment(enrollment.id, { status: expired }, tx);
          await notices.expired(enrollment, tx);
        }
        return 'expired';
      }
      await billing.updateInvoice(
        invoice.id,
        {
          status: needsAuthentication ? 'action_required' : 'open',
          charging: false,
          nextAttemptAt: nextRetry,
          failureCode: failure.code,
          failureMessage: failure.message,
          gatewayPaymentId: payment?.id ?? invoice.gatewayPaymentId,
        },
        tx,
      );
      const pastDue = nextLifecycleState(state, 'payment_failed');
      if (pastDue && pastDue !== state)
        await repository.updateEnrollment(enrollment.id, { status: pastDue }, tx);
      // A card-update attempt adds nothing to the schedule; the due attempt and each retry queue the next.
      const following = 'due' in reason ? 1 : 'retry' in reason ? reason.retry + 1 : null;
      if (following !== null && nextRetry) {
        const retry = { retry: following };
        await collectJobs.enqueue(
          tx,
          collectKey(invoice.id, retry),
          { invoiceId: invoice.id, reason: retry },
          nextRetry,
        );
      }
      if (needsAuthentication) await notices.authenticationRequired(enrollment, invoice, tx);
      else await notices.paymentFailed(enrollment, invoice, failure, nextRetry, tx);
      return needsAuthentication ? 'action_required' : 'failed';
    });
  }

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
        for (const row of ended) {
          const periodEnd = row.periodEnd.toISOString();
          await periodEndJobs.enqueue(
            tx,
            `${row.id}:${periodEnd}`,
            { enrollmentId: row.id, periodEnd },
            row.periodEnd,
          );
        }
        for (const row of trials) {
          const trialEnd = row.trialEnd.toISOString();
          await reminderJobs.enqueue(tx, `${row.id}:${trialEnd}`, { enrollmentId: row.id, trialEnd });
        }
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
      await recordPaid(invoiceId, payment);
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
      if (invoice.status === 'void' || !invoice.gatewayPaymentId) return { status: 'closed' };
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
        await recordPaid(invoice.id, payment);
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

    collect,
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
