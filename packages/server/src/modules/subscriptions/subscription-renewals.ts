import { randomUUID } from 'node:crypto';
import {
  addInterval,
  chargeWithTax,
  dunningRetryAt,
  money,
  periodPrice,
  nextLifecycleState,
  periodCharge,
  renewsAtPeriodEnd,
  validTaxNumber,
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
import { taxLinesOf } from '../tax/tax-lines.js';
import type { TaxComponent, TaxProvider } from '../tax/tax-provider.js';
import type { SubscriptionBillingRepository, InvoiceRow } from './subscription-billing.repository.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import {
  createRetentionOffersRepository,
  renewalUnitPrice,
  type RetentionOfferRow,
} from './subscription-retention-offers.js';
import type {
  BillingProfileRow,
  EnrollmentRow,
  Subscriber,
  SubscriptionsRepository,
} from './subscriptions.repository.js';

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
  const retentionOffers = createRetentionOffersRepository(db);
  /** The accepted retention offers of these plans (only personal plans have any: decision 0029). */
  const offersOf = (rows: EnrollmentRow[], writer: Writer): Promise<Map<number, RetentionOfferRow>> =>
    retentionOffers.ofEnrollments(
      rows.filter((row) => row.subscriberType === 'user').map((row) => row.id),
      writer,
    );

  /** Provider calls of a renewal run in flight at once. */
  const CHARGE_CONCURRENCY = 16;
  const keyOf = (row: { subscriberType: string; subscriberId: number }) =>
    `${row.subscriberType}:${row.subscriberId}`;
  const subscriberOf = (row: EnrollmentRow): Subscriber => ({
    type: row.subscriberType,
    id: row.subscriberId,
  });

  const periodEndJobs = queue.define<PeriodEndPayload>({
    kind: 'subscriptions.period_end',
    run: async (payload) => {
      const [error] = await endPeriods([payload]);
      if (error) throw error;
    },
    runBatch: (jobs) => endPeriods(jobs.map((job) => job.payload)),
  });
  const collectJobs = queue.define<CollectPayload>({
    kind: 'subscriptions.collect',
    run: async (payload) => {
      const outcome = (await collect([payload])).get(payload.invoiceId);
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
        : `${invoiceId}:card:${reason.card}`;

  /** The tax of each billing location today (the agreed rate where a plan has none, or it fails). */
  async function taxesOf(rows: EnrollmentRow[], profiles: Map<string, BillingProfileRow>, at: Date) {
    type Rates = {
      rate: number;
      rates: number | readonly number[];
      /** The taxes of the rates (null: the plan's agreed rate, without a breakdown). */
      components: TaxComponent[] | null;
      /** A reverse-charged business subscriber's legal note. */
      note: string | null;
      mode: TaxBreakdownType;
    };
    const rates = new Map<string, Rates | null>();
    const locationOf = (profile: BillingProfileRow) =>
      `${profile.country}:${profile.secondaryLocation ?? ''}:${profile.taxNumber ?? ''}`;
    for (const row of rows) {
      const profile = profiles.get(keyOf(row));
      if (!profile?.country) continue;
      const location = locationOf(profile);
      if (rates.has(location)) continue;
      const determined = await deps.tax
        .determine(
          {
            country: profile.country,
            secondaryLocation: profile.secondaryLocation,
            taxNumber: validTaxNumber(profile.country, profile.taxNumber),
          },
          at,
        )
        .catch((error: unknown) => {
          log.warn({ err: error, location }, 'renewal tax not determined; the agreed rate applies');
          return null;
        });
      rates.set(
        location,
        determined?.ok
          ? {
              rate: determined.ratePercent,
              rates: determined.components.map((component) => component.ratePercent),
              components: determined.components,
              note: determined.reverseCharge?.note ?? null,
              mode: determined.mode,
            }
          : null,
      );
    }
    return (row: EnrollmentRow): Rates => {
      const profile = profiles.get(keyOf(row));
      const found = profile?.country ? rates.get(locationOf(profile)) : null;
      const agreed = Number(row.taxRate);
      return (
        found ?? {
          rate: agreed,
          rates: agreed,
          components: null,
          note: null,
          mode: row.taxMode as TaxBreakdownType,
        }
      );
    };
  }

  /**
   * Periods ended: a cancelled plan expires; a trial or an active plan gets the next period's
   * invoice (once per period: a repeated run finds it), whose first attempt runs at once. Many
   * plans at a time in a few statements (a renewal run); answers each one's error or null.
   */
  async function endPeriods(items: PeriodEndPayload[]): Promise<(Error | null)[]> {
    const wanted = new Map(items.map((item) => [item.enrollmentId, new Date(item.periodEnd).getTime()]));
    const due = (row: EnrollmentRow) => row.currentPeriodEnd.getTime() === wanted.get(row.id);
    const rows = (await billing.enrollmentsByIds([...wanted.keys()])).filter(due);
    const errors = new Map<number, Error>();
    for (const row of rows.filter((candidate) => candidate.status === 'CANCELED')) {
      await expireCancelled(row.id, row.currentPeriodEnd).catch((error: unknown) =>
        errors.set(row.id, error instanceof Error ? error : new Error(String(error))),
      );
    }
    const renewing = rows.filter((row) => renewsAtPeriodEnd(row.status as LifecycleState));
    if (renewing.length > 0) {
      const options = new Map(
        (await repository.plans()).flatMap((plan) => plan.options).map((o) => [o.id, o]),
      );
      const profiles = await billing.profilesOf(renewing.map(subscriberOf));
      const taxOf = await taxesOf(renewing, profiles, clock.now());
      const invoices = await db.transaction(async (tx) => {
        const locked = (
          await billing.enrollmentsByIds(
            renewing.map((row) => row.id),
            tx,
            true,
          )
        ).filter((row) => due(row) && renewsAtPeriodEnd(row.status as LifecycleState));
        const offers = await offersOf(locked, tx);
        await billing.insertInvoices(
          locked.map((row) => {
            const option = options.get(row.priceOptionId)!;
            const { rate, rates, components, note, mode } = taxOf(row);
            // A period an accepted retention offer covers is charged at its price, taxed as any charge.
            const unitPrice = renewalUnitPrice(row, offers.get(row.id), row.currentPeriodEnd);
            const unit = money(unitPrice, row.currency as CurrencyCode);
            const charge = periodCharge(unit, row.licenseCount, rates, mode);
            return {
              enrollmentId: row.id,
              kind: row.status === 'TRIAL' ? 'first_period' : 'renewal',
              status: 'open',
              periodStart: row.currentPeriodEnd,
              periodEnd: addInterval(row.currentPeriodEnd, {
                type: option.renewalType,
                count: option.renewalCount,
              }),
              licenses: row.licenseCount,
              currency: row.currency,
              unitPrice,
              amount: charge.total.amount,
              taxAmount: charge.tax.amount,
              taxRate: String(rate),
              taxMode: mode,
              taxLines: components ? taxLinesOf(components, charge.taxParts) : null,
              taxNote: note,
            };
          }),
          tx,
        );
        return billing.invoicesOfPeriods(
          locked.map((row) => ({ enrollmentId: row.id, periodStart: row.currentPeriodEnd })),
          tx,
        );
      });
      const outcomes = await collect(
        invoices.map((invoice) => ({ invoiceId: invoice.id, reason: { due: true } })),
      );
      for (const invoice of invoices) {
        const outcome = outcomes.get(invoice.id);
        if (outcome instanceof Error) errors.set(invoice.enrollmentId, outcome);
      }
    }
    return items.map((item) => errors.get(item.enrollmentId) ?? null);
  }

  async function expireCancelled(enrollmentId: number, periodEnd: Date): Promise<void> {
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
  }

  /**
   * Starts (or, after a crash, repeats) the next attempt of each invoice: an attempt interrupted
   * by a crash is repeated as itself, with the same number and so the same idempotency key.
   */
  async function beginAttempts(invoiceIds: number[]) {
    return db.transaction(async (tx) => {
      const invoices = (await billing.invoicesByIds(invoiceIds, tx, true)).filter(
        (invoice) => invoice.status !== 'paid' && invoice.status !== 'void',
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
      return { invoices: [...resumed, ...begun], enrollments };
    });
  }

  /**
   * One charge attempt of each invoice to its stored card, off-session, and the outcomes
   * recorded: the paid ones together, the failures one by one. An invoice whose provider call
   * failed (the provider unreachable) answers its error, so its job runs again.
   */
  async function collect(requests: CollectPayload[]): Promise<Map<number, AttemptOutcome | Error>> {
    const outcomes = new Map<number, AttemptOutcome | Error>(requests.map((r) => [r.invoiceId, 'skipped']));
    const reasons = new Map(requests.map((request) => [request.invoiceId, request.reason]));
    const { invoices, enrollments } = await beginAttempts([...reasons.keys()]);
    if (invoices.length === 0) return outcomes;
    const profiles = await billing.profilesOf([...enrollments.values()].map(subscriberOf));
    const paid: { invoiceId: number; payment: GatewayPayment }[] = [];
    const failed: { invoice: InvoiceRow; payment: GatewayPayment | null; failure: GatewayFailure }[] = [];
    let next = 0;
    const charge = async () => {
      while (next < invoices.length) {
        const invoice = invoices[next++]!;
        const profile = profiles.get(keyOf(enrollments.get(invoice.enrollmentId)!));
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

  /** What a charge row of an invoice's attempt repeats of the invoice. */
  const chargeOf = (invoice: InvoiceRow) => ({
    enrollmentId: invoice.enrollmentId,
    invoiceId: invoice.id,
    kind: invoice.kind,
    licenses: invoice.licenses,
    currency: invoice.currency,
    unitPrice: invoice.unitPrice,
    amount: invoice.amount,
    taxAmount: invoice.taxAmount,
    taxLines: invoice.taxLines,
    taxNote: invoice.taxNote,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
  });

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
   * What the period after a paid invoice will charge: the same as the invoice, unless a retention
   * offer starts or ends there (then its unit price, at the invoice's taxes).
   */
  function nextChargeOf(
    enrollment: EnrollmentRow,
    invoice: InvoiceRow,
    offer: RetentionOfferRow | undefined,
  ): { amount: number; taxAmount: number } {
    const unitPrice = renewalUnitPrice(enrollment, offer, invoice.periodEnd);
    if (!offer || unitPrice === invoice.unitPrice)
      return { amount: invoice.amount, taxAmount: invoice.taxAmount };
    const lines = invoice.taxLines ?? [];
    const rates = lines.length > 0 ? lines.map((line) => line.ratePercent) : Number(invoice.taxRate);
    const charge = chargeWithTax(
      periodPrice(money(unitPrice, invoice.currency as CurrencyCode), invoice.licenses),
      rates,
      invoice.taxMode as TaxBreakdownType,
    );
    return { amount: charge.total.amount, taxAmount: charge.tax.amount };
  }

  /**
   * Invoices paid: a receipt each, each plan ACTIVE for its paid period (trial converted,
   * renewed, or back from past due). Once per invoice, whichever path (the attempt's answer,
   * the provider's webhook after authentication) arrives first; many in one transaction.
   * Locks plans before invoices, as every writer of both does. Resolves to the invoices recorded now.
   */
  async function recordPaid(items: { invoiceId: number; payment: GatewayPayment }[]): Promise<number[]> {
    if (items.length === 0) return [];
    const payments = new Map(items.map((item) => [item.invoiceId, item.payment]));
    const unlocked = await billing.invoicesByIds([...payments.keys()]);
    return db.transaction(async (tx) => {
      const enrollments = new Map(
        (await billing.enrollmentsByIds([...new Set(unlocked.map((i) => i.enrollmentId))], tx, true)).map(
          (row) => [row.id, row],
        ),
      );
      const invoices = (await billing.invoicesByIds([...payments.keys()], tx, true)).filter(
        (invoice) => invoice.status !== 'paid',
      );
      if (invoices.length === 0) return [];
      const offers = await offersOf([...enrollments.values()], tx);
      const cardless = invoices.filter((invoice) => !payments.get(invoice.id)!.paymentMethod?.card);
      const profiles = await billing.profilesOf(
        cardless.map((invoice) => subscriberOf(enrollments.get(invoice.enrollmentId)!)),
        tx,
      );
      const charges = await repository.insertCharges(
        invoices.map((invoice) => {
          const card = payments.get(invoice.id)!.paymentMethod?.card;
          const profile = profiles.get(keyOf(enrollments.get(invoice.enrollmentId)!));
          return {
            ...chargeOf(invoice),
            status: 'succeeded',
            gatewayPaymentId: payments.get(invoice.id)!.id,
            cardBrand: card?.brand ?? profile?.cardBrand ?? null,
            cardLast4: card?.last4 ?? profile?.cardLast4 ?? null,
          };
        }),
        tx,
      );
      await billing.markPaid(
        invoices.map((invoice) => ({ id: invoice.id, paymentId: payments.get(invoice.id)!.id })),
        tx,
      );
      const advances = invoices.flatMap((invoice) => {
        const enrollment = enrollments.get(invoice.enrollmentId)!;
        const next = nextLifecycleState(enrollment.status as LifecycleState, 'period_paid');
        if (next === null) {
          // Paid after the plan ended (authenticated late): the money is recorded; support refunds it.
          log.error(
            { enrollment: enrollment.id, invoice: invoice.id },
            'invoice paid for a plan that has ended',
          );
          return [];
        }
        if (enrollment.currentPeriodEnd.getTime() !== invoice.periodStart.getTime()) return [];
        const following = nextChargeOf(enrollment, invoice, offers.get(enrollment.id));
        return [
          {
            id: enrollment.id,
            status: next,
            periodStart: invoice.periodStart,
            periodEnd: invoice.periodEnd,
            chargeAmount: following.amount,
            taxAmount: following.taxAmount,
            taxRate: invoice.taxRate,
            taxMode: invoice.taxMode,
          },
        ];
      });
      await billing.advanceEnrollments(advances, tx);
      await notices.receipts(
        charges.map((charge) => ({ enrollment: enrollments.get(charge.enrollmentId)!, charge })),
        tx,
      );
      return invoices.map((invoice) => invoice.id);
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
    const [unlocked] = await billing.invoicesByIds([invoiceId]);
    if (!unlocked) return 'skipped';
    return db.transaction(async (tx): Promise<AttemptOutcome> => {
      const enrollment = (await repository.enrollment(unlocked.enrollmentId, tx, true))!;
      const invoice = await billing.invoice(invoiceId, tx, true);
      if (!invoice || !invoice.charging || invoice.attempts !== attempt) return 'skipped';
      const profile = await repository.profile(subscriberOf(enrollment), tx);
      await repository.insertCharge(
        {
          ...chargeOf(invoice),
          status: 'failed',
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
      const following = 'due' in reason ? 1 : 'retry' in reason ? reason.retry + 1 : null;
      // A card-update attempt adds nothing to the schedule; the due attempt and each retry queue the next.
      const nextRetry =
        following === null ? invoice.nextAttemptAt : dunningRetryAt(invoice.periodStart, following);
      const recorded = {
        charging: false,
        failureCode: failure.code,
        failureMessage: failure.message,
        gatewayPaymentId: payment?.id ?? invoice.gatewayPaymentId,
      };
      const state = enrollment.status as LifecycleState;
      if (lastRetry) {
        await billing.updateInvoice(invoice.id, { ...recorded, status: 'void', nextAttemptAt: null }, tx);
        const expired = nextLifecycleState(state, 'retries_exhausted');
        if (expired) {
          await repository.updateEnrollment(enrollment.id, { status: expired }, tx);
          await notices.expired(enrollment, tx);
        }
        return 'expired';
      }
      await billing.updateInvoice(
        invoice.id,
        { ...recorded, status: needsAuthentication ? 'action_required' : 'open', nextAttemptAt: nextRetry },
        tx,
      );
      const pastDue = nextLifecycleState(state, 'payment_failed');
      if (pastDue && pastDue !== state)
        await repository.updateEnrollment(enrollment.id, { status: pastDue }, tx);
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
