import {
  extensionCredit,
  formatMoney,
  isCurrencyCode,
  money,
  subscriptionRefundAmount,
  type CurrencyCode,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock/clock.js';
import type { Writer } from '../../platform/db/database.js';
import { GatewayError, type PaymentGateway } from '../payments/payment-gateway.js';
import type { CreditDraft, PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type {
  ChargeRow,
  EnrollmentRow,
  SubscriptionsService,
} from '../subscriptions/subscriptions.service.js';

/** A refund being sent, sent, or refused by the provider (rows of kind `refund`). */
export const REFUND_STATUSES = {
  pending: 'refund_pending',
  refunded: 'refunded',
  failed: 'refund_failed',
} as const;
/** The credit of a paid period's extension: days given, nothing paid back. */
export const EXTENSION_CREDITED = 'credited';

const amountOf = (amount: number, currency: string) => money(amount, currency as CurrencyCode);

/**
 * Staff credits on plan charges (issue 33): refunds of a paid charge (whole or for the days
 * left) through the provider, and the value of extra days given on a paid period. Each is a row
 * of `subscription_charges` naming the payment it gives back (kind `refund` or
 * `extension_credit`) and has a credit note (series CN) correcting the charge's invoice.
 */
export function createAdminSubscriptionCredits(deps: {
  subscriptions: SubscriptionsService;
  documents: PurchaseDocuments;
  gateway: PaymentGateway;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { subscriptions, documents, gateway, clock, log } = deps;
  const { billing, repository } = subscriptions;

  /** The charge a credit row gives back (the succeeded charge of the same payment). */
  async function originalOf(credit: ChargeRow): Promise<ChargeRow | null> {
    if (!credit.gatewayPaymentId) return null;
    const rows = await repository.charges(credit.enrollmentId);
    return (
      rows.find(
        (row) =>
          row.status === 'succeeded' &&
          row.gatewayPaymentId === credit.gatewayPaymentId &&
          row.kind !== 'refund',
      ) ?? null
    );
  }

  /** The credit note's draft of a settled credit row (null: not settled, or nothing to document). */
  async function draftOf(creditId: number): Promise<CreditDraft | null> {
    const credit = await billing.charge(creditId);
    if (!credit || (credit.status !== REFUND_STATUSES.refunded && credit.status !== EXTENSION_CREDITED))
      return null;
    if (credit.amount <= 0) return null;
    const original = await originalOf(credit);
    if (!original) return null;
    const invoice = await documents.issue('subscription_charge', original.id);
    const [enrollment] = await billing.enrollmentsByIds([credit.enrollmentId]);
    if (!enrollment) return null;
    const planName = await billing.planName(enrollment.priceOptionId);
    const currency: CurrencyCode = isCurrencyCode(credit.currency) ? credit.currency : 'USD';
    const net = credit.amount - credit.taxAmount;
    const ratePercent = net > 0 ? Math.round((credit.taxAmount / net) * 10_000) / 100 : 0;
    const span = `${credit.periodStart.toISOString().slice(0, 10)} to ${credit.periodEnd.toISOString().slice(0, 10)}`;
    const refund = credit.kind === 'refund';
    const days = Math.round((credit.periodEnd.getTime() - credit.periodStart.getTime()) / 86_400_000);
    const label = original.cardBrand
      ? `${original.cardBrand[0]!.toUpperCase()}${original.cardBrand.slice(1)} ****${original.cardLast4 ?? ''}`
      : 'the card paid with';
    return {
      suppliedAt: credit.createdAt,
      currency,
      buyer: invoice?.content.buyer ?? {
        name: `${enrollment.subscriberType === 'organization' ? 'Organization' : 'Learner'} #${enrollment.subscriberId}`,
        email: null,
        addressLines: [],
        country: null,
        taxId: null,
      },
      lines: [
        {
          description: refund ? `${planName} — refund` : `${planName} — ${days} extra days given`,
          detail: refund ? `Refunded period ${span}` : `Period extended ${span}, not charged`,
          quantity: 1,
          unitAmount: null,
          netAmount: net,
          taxRatePercent: ratePercent,
          taxAmount: credit.taxAmount,
        },
      ],
      taxes:
        credit.taxAmount > 0 || ratePercent > 0
          ? [
              {
                name: original.taxLines?.length === 1 ? original.taxLines[0]!.name : 'Tax',
                ratePercent,
                netAmount: net,
                taxAmount: credit.taxAmount,
              },
            ]
          : [],
      netTotal: net,
      taxTotal: credit.taxAmount,
      grossTotal: credit.amount,
      payments: [
        {
          label: refund ? `Refunded to ${label}` : `Given as ${days} days of service`,
          amount: credit.amount,
        },
      ],
      notes: original.taxNote ? [original.taxNote] : [],
      owner:
        enrollment.subscriberType === 'user'
          ? { userId: enrollment.subscriberId, organizationId: null }
          : { userId: null, organizationId: enrollment.subscriberId },
      corrects: { source: 'subscription_charge', id: original.id },
    };
  }

  /** Issues a settled credit's note now (it is also issued when first opened); never fails the caller. */
  async function issueNote(creditId: number): Promise<void> {
    try {
      await documents.issueCredit(creditId, () => draftOf(creditId));
    } catch (error) {
      log.error(
        { err: error, credit: creditId },
        'credit note of a plan credit not issued; issued when opened',
      );
    }
  }

  return {
    draftOf,
    issueNote,
    originalOf,

    /**
     * The credit of a paid period's extension, written in the extension's transaction: `days`
     * of the charge that paid the period ending at `before.currentPeriodEnd` (none for a trial
     * or a period nothing was paid for). Its credit note is issued after the commit (`issueNote`).
     */
    async creditExtension(
      tx: Writer,
      before: EnrollmentRow,
      after: EnrollmentRow,
      days: number,
    ): Promise<ChargeRow | null> {
      if (before.status === 'TRIAL') return null;
      const paid = await billing.chargeOfPeriod(before.id, before.currentPeriodEnd, tx);
      if (!paid?.gatewayPaymentId || paid.amount <= 0) return null;
      const value = extensionCredit(
        {
          amount: paid.amount,
          tax: paid.taxAmount,
          periodStart: paid.periodStart,
          periodEnd: paid.periodEnd,
        },
        days,
      );
      if (value.amount <= 0) return null;
      return repository.insertCharge(
        {
          enrollmentId: before.id,
          invoiceId: paid.invoiceId,
          kind: 'extension_credit',
          status: EXTENSION_CREDITED,
          licenses: paid.licenses,
          currency: paid.currency,
          amount: value.amount,
          taxAmount: value.tax,
          periodStart: before.currentPeriodEnd,
          periodEnd: after.currentPeriodEnd,
          gatewayPaymentId: paid.gatewayPaymentId,
          cardBrand: paid.cardBrand,
          cardLast4: paid.cardLast4,
        },
        tx,
      );
    },

    /**
     * What a refund of `charge` would give back now, or why not: only a paid charge with money,
     * once (a refund pending or done holds it; a failed one can be tried again).
     */
    async refundOptions(charge: ChargeRow): Promise<
      | { refused: 'charge_not_refundable' | 'already_refunded' }
      | {
          whole: ReturnType<typeof subscriptionRefundAmount>;
          prorated: ReturnType<typeof subscriptionRefundAmount>;
        }
    > {
      if (charge.status !== 'succeeded' || charge.amount <= 0 || !charge.gatewayPaymentId)
        return { refused: 'charge_not_refundable' };
      const credits = await billing.creditsOfPayment(charge.enrollmentId, charge.gatewayPaymentId);
      if (
        credits.some(
          (credit) =>
            credit.kind === 'refund' &&
            (credit.status === REFUND_STATUSES.pending || credit.status === REFUND_STATUSES.refunded),
        )
      )
        return { refused: 'already_refunded' };
      const base = {
        amount: charge.amount,
        tax: charge.taxAmount,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
      };
      const at = clock.now();
      return {
        whole: subscriptionRefundAmount(base, 'whole', at),
        prorated: subscriptionRefundAmount(base, 'prorated', at),
      };
    },

    /**
     * Refunds a paid charge through the provider, once: the refund row is written (with the audit
     * entry, by `onRequested`) in one transaction holding the charge's lock, so a repeated or
     * concurrent request finds it; the provider is asked under the row's own idempotency key (a
     * request repeated after a crash or a timeout resumes the pending refund with the same key).
     * A declined refund is `refund_failed` and may be tried again.
     */
    async refund(
      chargeId: number,
      mode: 'whole' | 'prorated',
      hooks: {
        /** Refuses (throws) an amount the staff member may not refund. */
        authorize: (amount: number, currency: string) => void;
        onRequested: (tx: Writer, refund: ChargeRow, original: ChargeRow) => Promise<void>;
      },
    ): Promise<
      | { refused: 'charge_not_refundable' | 'already_refunded' | 'nothing_to_refund' }
      | { refund: ChargeRow; providerError: string | null }
    > {
      const at = clock.now();
      const outcome = await repository.db.transaction(async (tx) => {
        const charge = await billing.charge(chargeId, tx, true);
        if (!charge || charge.status !== 'succeeded' || charge.amount <= 0 || !charge.gatewayPaymentId)
          return { refused: 'charge_not_refundable' as const };
        const credits = await billing.creditsOfPayment(charge.enrollmentId, charge.gatewayPaymentId, tx);
        const pending = credits.find(
          (credit) => credit.kind === 'refund' && credit.status === REFUND_STATUSES.pending,
        );
        if (pending) return { refund: pending, original: charge, resumed: true };
        if (credits.some((credit) => credit.kind === 'refund' && credit.status === REFUND_STATUSES.refunded))
          return { refused: 'already_refunded' as const };
        const amount = subscriptionRefundAmount(
          {
            amount: charge.amount,
            tax: charge.taxAmount,
            periodStart: charge.periodStart,
            periodEnd: charge.periodEnd,
          },
          mode,
          at,
        );
        if (amount.amount <= 0) return { refused: 'nothing_to_refund' as const };
        hooks.authorize(amount.amount, charge.currency);
        const refund = await repository.insertCharge(
          {
            enrollmentId: charge.enrollmentId,
            invoiceId: charge.invoiceId,
            kind: 'refund',
            status: REFUND_STATUSES.pending,
            licenses: charge.licenses,
            currency: charge.currency,
            amount: amount.amount,
            taxAmount: amount.tax,
            taxLines: null,
            periodStart:
              mode === 'whole' || at.getTime() < charge.periodStart.getTime() ? charge.periodStart : at,
            periodEnd: charge.periodEnd,
            gatewayPaymentId: charge.gatewayPaymentId,
            cardBrand: charge.cardBrand,
            cardLast4: charge.cardLast4,
          },
          tx,
        );
        await hooks.onRequested(tx, refund, charge);
        return { refund, original: charge, resumed: false };
      });
      if (!('original' in outcome) || !outcome.original) return { refused: outcome.refused! };
      const { refund, original } = outcome;
      let providerError: string | null = null;
      try {
        const answer = await gateway.refund(
          {
            paymentId: original.gatewayPaymentId!,
            amount: amountOf(refund.amount, refund.currency),
            reason: 'requested_by_customer',
            metadata: {
              subscription_charge_id: String(original.id),
              subscription_refund_id: String(refund.id),
            },
          },
          { idempotencyKey: `subscription-refund:${refund.id}` },
        );
        const settled =
          answer.status === 'succeeded'
            ? await billing.settleCredit(refund.id, REFUND_STATUSES.pending, {
                status: REFUND_STATUSES.refunded,
              })
            : answer.status === 'failed' || answer.status === 'canceled'
              ? await billing.settleCredit(refund.id, REFUND_STATUSES.pending, {
                  status: REFUND_STATUSES.failed,
                  failureCode: `refund_${answer.status}`,
                  failureMessage: `The payment provider ${answer.status === 'failed' ? 'could not make' : 'cancelled'} the refund.`,
                })
              : null;
        if (settled?.status === REFUND_STATUSES.refunded) await issueNote(settled.id);
        return { refund: settled ?? (await billing.charge(refund.id))!, providerError };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const status = error instanceof GatewayError ? error.details.status : undefined;
        log.warn({ err: error, refund: refund.id }, 'subscription refund not answered by the provider');
        providerError = message;
        // The provider refused the request itself (4xx): the refund failed; otherwise it stays pending.
        if (typeof status === 'number' && status >= 400 && status < 500) {
          const failed = await billing.settleCredit(refund.id, REFUND_STATUSES.pending, {
            status: REFUND_STATUSES.failed,
            failureCode: 'refund_refused',
            failureMessage: message.slice(0, 500),
          });
          return { refund: failed ?? refund, providerError };
        }
        return { refund, providerError };
      }
    },

    /** Human text of an amount. */
    formatted: (amount: number, currency: string) => formatMoney(amountOf(amount, currency)),
  };
}

export type AdminSubscriptionCredits = ReturnType<typeof createAdminSubscriptionCredits>;
