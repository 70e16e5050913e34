import {
  chargeWithTax,
  dunningRetryAt,
  money,
  nextLifecycleState,
  periodPrice,
  type CurrencyCode,
  type LifecycleState,
  type TaxBreakdownType,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Writer } from '../../platform/db/database.js';
import type { GatewayFailure, GatewayPayment } from '../payments/payment-gateway.js';
import { profileKeyOf, subscriberOf, type OffersOf } from './renewal-subscribers.js';
import type { InvoiceRow, SubscriptionBillingRepository } from './subscription-billing.repository.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import { renewalUnitPrice, type RetentionOfferRow } from './subscription-retention-offers.js';
import type { AttemptOutcome, CollectReason } from './subscription-renewals.js';
import type { EnrollmentRow, SubscriptionsRepository } from './subscriptions.repository.js';

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

/**
 * What the period after a paid invoice will charge: the same as the invoice, unless a retention
 * offer starts or ends there (then its unit price, at the invoice's taxes).
 */
export function nextChargeOf(
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
 * The outcomes of charge attempts, recorded: a paid invoice's receipt and the plan's next
 * period; a failure's charge row, dunning (past due, the next retry, expiry after the last) and
 * notices.
 */
export function createRenewalOutcomes(deps: {
  repository: SubscriptionsRepository;
  billing: SubscriptionBillingRepository;
  notices: SubscriptionNotices;
  log: FastifyBaseLogger;
  offersOf: OffersOf;
  /** Queues the charge attempt of an invoice's scheduled retry `retry`, in `writer`'s transaction. */
  queueRetry: (writer: Writer, invoiceId: number, retry: number, runAt: Date) => Promise<void>;
}) {
  const { repository, billing, notices, log, offersOf, queueRetry } = deps;
  const db = repository.db;

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
          const profile = profiles.get(profileKeyOf(enrollments.get(invoice.enrollmentId)!));
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
   * Dunning ends without payment (the last retry failed, or staff marked the invoice
   * uncollectible): the invoice is closed with `values` and the plan expires, its mail sent.
   */
  async function endUnpaid(
    enrollment: EnrollmentRow,
    invoiceId: number,
    values: Partial<InvoiceRow> & { status: 'void' | 'uncollectible' },
    tx: Writer,
  ): Promise<EnrollmentRow> {
    await billing.updateInvoice(invoiceId, { ...values, nextAttemptAt: null }, tx);
    const expired = nextLifecycleState(enrollment.status as LifecycleState, 'retries_exhausted');
    if (!expired) return enrollment;
    const changed = await repository.updateEnrollment(enrollment.id, { status: expired }, tx);
    await notices.expired(enrollment, tx);
    return changed ?? enrollment;
  }

  /**
   * Staff mark an open invoice uncollectible: the plan follows the path of an invoice whose
   * retries ran out. `onMarked` writes the audit entry in the same transaction. Null when the
   * invoice is not open (paid, voided, marked already) or an attempt of it is in flight.
   */
  async function markUncollectible(
    invoiceId: number,
    onMarked: (writer: Writer, before: InvoiceRow, enrollment: EnrollmentRow) => Promise<void>,
  ): Promise<{ invoice: InvoiceRow; enrollment: EnrollmentRow } | { refused: 'not_open' | 'charging' }> {
    const [unlocked] = await billing.invoicesByIds([invoiceId]);
    if (!unlocked) return { refused: 'not_open' };
    return db.transaction(async (tx) => {
      const enrollment = (await repository.enrollment(unlocked.enrollmentId, tx, true))!;
      const invoice = await billing.invoice(invoiceId, tx, true);
      if (!invoice || (invoice.status !== 'open' && invoice.status !== 'action_required'))
        return { refused: 'not_open' as const };
      if (invoice.charging) return { refused: 'charging' as const };
      const ended = await endUnpaid(enrollment, invoice.id, { status: 'uncollectible' }, tx);
      await onMarked(tx, invoice, enrollment);
      return { invoice: (await billing.invoice(invoice.id, tx))!, enrollment: ended };
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
        await endUnpaid(enrollment, invoice.id, { ...recorded, status: 'void' }, tx);
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
      if (following !== null && nextRetry) await queueRetry(tx, invoice.id, following, nextRetry);
      if (needsAuthentication) await notices.authenticationRequired(enrollment, invoice, tx);
      else await notices.paymentFailed(enrollment, invoice, failure, nextRetry, tx);
      return needsAuthentication ? 'action_required' : 'failed';
    });
  }

  return { recordPaid, recordFailure, markUncollectible };
}

export type RenewalOutcomes = ReturnType<typeof createRenewalOutcomes>;
