import {
  adminDocumentPath,
  adminSubscriptionCreditNotePath,
  adminSubscriptionStatusOf,
  calendarDaysBetween,
  checkoutReferenceOf,
  dunningSchedule,
  DUNNING_RETRY_DAYS,
  extendable,
  money,
  staffCancelState,
  type AdminSubscriptionDetail,
  type AdminSubscriptionInterval,
  type AdminSubscriptionRow,
  type CurrencyCode,
  type LifecycleState,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import { notFound } from '../../platform/http/http-error.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { AdminSubscriptionCredits } from './admin-subscription-credits.js';
import { EXTENSION_CREDITED, REFUND_STATUSES } from './admin-subscription-credits.js';
import type { AdminSubscriptionsRepository, SubscriptionListRow } from './admin-subscriptions.repository.js';

const moneyOf = (amount: number, currency: string) => money(amount, currency as CurrencyCode);

/** A list row as the API answers it. */
export function subscriptionRowAnswer(row: SubscriptionListRow): AdminSubscriptionRow {
  return {
    id: row.id,
    reference: checkoutReferenceOf(row.id),
    status: adminSubscriptionStatusOf(row.status),
    plan: { type: row.subscriberType === 'organization' ? 'team' : 'personal', name: row.planName },
    interval: { type: row.renewalType.toLowerCase() as AdminSubscriptionInterval, count: row.renewalCount },
    subscriber: {
      type: row.subscriberType,
      id: row.subscriberId,
      name: row.subscriberName,
      email: row.subscriberEmail,
    },
    licenses: row.licenseCount,
    country: row.country,
    next_charge: moneyOf(row.chargeAmount, row.currency),
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    trial_end: row.trialEnd?.toISOString() ?? null,
    cancel_date: row.cancelDate?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * One plan for staff: the subscriber and members, the period, every invoice and attempt with
 * the provider's message, the dunning schedule and its mails, the retention offer, the audit trail.
 */
export function createAdminSubscriptionDetail(deps: {
  repository: AdminSubscriptionsRepository;
  subscriptions: SubscriptionsService;
  documents: PurchaseDocuments;
  credits: AdminSubscriptionCredits;
  clock: Clock;
}) {
  const { repository, subscriptions, documents, credits, clock } = deps;

  return async function detail(id: number): Promise<AdminSubscriptionDetail> {
    const row = await repository.row(id);
    const enrollment = row ? await subscriptions.repository.enrollment(id) : null;
    if (!row || !enrollment) throw notFound('There is no subscription with this id.');
    const [members, invoices, charges, offer, audit, profile, plans] = await Promise.all([
      repository.members(row.subscriberType, row.subscriberId),
      repository.invoices(id),
      repository.charges(id),
      repository.retentionOffer(id),
      repository.audit(id),
      subscriptions.repository.profile({ type: row.subscriberType, id: row.subscriberId }),
      subscriptions.repository.plans(),
    ]);
    const mails = await repository.mails(
      id,
      invoices.map((invoice) => invoice.id),
      charges.map((charge) => charge.id),
    );
    const option = plans.flatMap((plan) => plan.options).find((o) => o.id === enrollment.priceOptionId);
    const now = clock.now();
    const state = enrollment.status as LifecycleState;
    const paidIds = charges
      .filter((charge) => charge.status === 'succeeded' && charge.amount > 0)
      .map((c) => c.id);
    const creditIds = charges
      .filter((charge) => charge.status === REFUND_STATUSES.refunded || charge.status === EXTENSION_CREDITED)
      .map((c) => c.id);
    const [invoiceNumbers, creditNumbers] = await Promise.all([
      documents.numbersOf('subscription_charge', paidIds),
      documents.numbersOf('subscription_credit', creditIds),
    ]);
    const fullCharges = await Promise.all(
      charges.map((charge) => subscriptions.billing.charge(charge.id).then((full) => ({ charge, full }))),
    );
    const chargeAnswers = await Promise.all(
      fullCharges.map(async ({ charge, full }) => {
        const given = charges.filter(
          (credit) =>
            credit.kind === 'refund' &&
            credit.gatewayPaymentId === charge.gatewayPaymentId &&
            (credit.status === REFUND_STATUSES.refunded || credit.status === REFUND_STATUSES.pending),
        );
        const options = charge.status === 'succeeded' && full ? await credits.refundOptions(full) : null;
        const document: AdminSubscriptionDetail['charges'][number]['document'] =
          charge.status === 'succeeded' && charge.amount > 0
            ? {
                kind: 'invoice',
                number: invoiceNumbers.get(charge.id) ?? null,
                url: adminDocumentPath('subscription_charge', charge.id),
              }
            : creditIds.includes(charge.id)
              ? {
                  kind: 'credit_note',
                  number: creditNumbers.get(charge.id) ?? null,
                  url: adminSubscriptionCreditNotePath(id, charge.id),
                }
              : null;
        return {
          id: charge.id,
          kind: charge.kind,
          status: charge.status,
          invoice_id: charge.invoiceId,
          receipt_number: charge.receiptNumber,
          licenses: charge.licenses,
          amount: moneyOf(charge.amount, charge.currency),
          tax: moneyOf(charge.taxAmount, charge.currency),
          period_start: charge.periodStart.toISOString(),
          period_end: charge.periodEnd.toISOString(),
          card: { brand: charge.cardBrand, last4: charge.cardLast4 },
          gateway_payment_id: charge.gatewayPaymentId,
          failure_code: charge.failureCode,
          failure_message: charge.failureMessage,
          created_at: charge.createdAt.toISOString(),
          document,
          refunded:
            charge.status === 'succeeded' && charge.kind !== 'refund'
              ? moneyOf(
                  given.reduce((sum, credit) => sum + credit.amount, 0),
                  charge.currency,
                )
              : null,
          refundable:
            options && !('refused' in options)
              ? {
                  whole: moneyOf(options.whole.amount, charge.currency),
                  prorated: moneyOf(options.prorated.amount, charge.currency),
                  remaining_days: options.prorated.remainingDays,
                  period_days: options.prorated.periodDays,
                }
              : null,
        };
      }),
    );
    const open = invoices.find(
      (invoice) => invoice.status === 'open' || invoice.status === 'action_required',
    );
    const mailAnswer = (mail: (typeof mails)[number]) => ({
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      status: mail.status,
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
    });
    const owner = members.find((member) => member.role === 'owner') ?? null;
    const learner = row.subscriberType === 'user' ? (members[0] ?? null) : null;
    return {
      ...subscriptionRowAnswer(row),
      enrollment_status: enrollment.status,
      subscriber_detail: {
        ...subscriptionRowAnswer(row).subscriber,
        owner: owner ? { id: owner.userId, email: owner.email, name: owner.name } : null,
        country: learner?.country ?? owner?.country ?? null,
      },
      members: members.map((member) => ({
        user_id: member.userId,
        email: member.email,
        name: member.name,
        role: member.role,
        joined_at: member.joinedAt.toISOString(),
      })),
      used_licenses: Math.min(enrollment.licenseCount, members.length),
      license_bounds:
        option && option.maximumLicenses !== null
          ? { minimum: option.minimumLicenses ?? 1, maximum: option.maximumLicenses }
          : null,
      period: {
        start: enrollment.currentPeriodStart.toISOString(),
        end: enrollment.currentPeriodEnd.toISOString(),
        days: Math.max(1, calendarDaysBetween(enrollment.currentPeriodStart, enrollment.currentPeriodEnd)),
        trial_days: enrollment.trialDays,
        trial_end: enrollment.trialEnd?.toISOString() ?? null,
        cancel_date: enrollment.cancelDate?.toISOString() ?? null,
      },
      unit_price: moneyOf(enrollment.unitPrice, enrollment.currency),
      next_charge_tax: moneyOf(enrollment.taxAmount, enrollment.currency),
      tax_rate_percent: Number(enrollment.taxRate),
      tax_mode: enrollment.taxMode,
      billing: {
        customer_name: profile?.customerName ?? null,
        country: profile?.country ?? null,
        tax_number: profile?.taxNumber ?? null,
        card: profile?.paymentMethodId
          ? {
              brand: profile.cardBrand,
              last4: profile.cardLast4,
              exp_month: profile.cardExpMonth,
              exp_year: profile.cardExpYear,
            }
          : null,
      },
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        kind: invoice.kind,
        status: invoice.status,
        period_start: invoice.periodStart.toISOString(),
        period_end: invoice.periodEnd.toISOString(),
        licenses: invoice.licenses,
        amount: moneyOf(invoice.amount, invoice.currency),
        tax: moneyOf(invoice.taxAmount, invoice.currency),
        attempts: invoice.attempts,
        charging: invoice.charging,
        next_attempt_at: invoice.nextAttemptAt?.toISOString() ?? null,
        failure_code: invoice.failureCode,
        failure_message: invoice.failureMessage,
        created_at: invoice.createdAt.toISOString(),
        updated_at: invoice.updatedAt.toISOString(),
      })),
      charges: chargeAnswers,
      dunning: open
        ? {
            invoice_id: open.id,
            status: open.status,
            attempts: open.attempts,
            next_attempt_at: open.nextAttemptAt?.toISOString() ?? null,
            due_at: open.periodStart.toISOString(),
            schedule: dunningSchedule(open.periodStart, DUNNING_RETRY_DAYS).map((at, index) => ({
              retry: index + 1,
              at: at.toISOString(),
              done: at.getTime() <= now.getTime(),
            })),
            mails: mails
              .filter(
                (mail) =>
                  mail.dedupeKey.startsWith(`payment_failed:${open.id}:`) ||
                  mail.dedupeKey.startsWith(`authentication_required:${open.id}:`),
              )
              .map(mailAnswer),
          }
        : null,
      mails: mails.map(mailAnswer),
      retention_offer: offer
        ? {
            offer_id: offer.offerId,
            percent_off: offer.percentOff,
            periods: offer.periods,
            starts_at: offer.startsAt.toISOString(),
            ends_at: offer.endsAt.toISOString(),
            discounted: moneyOf(offer.discounted, offer.currency),
            regular: moneyOf(offer.regular, offer.currency),
            accepted_at: offer.acceptedAt.toISOString(),
          }
        : null,
      audit: audit.map((event) => ({
        id: event.id,
        action: event.action,
        summary: event.summary,
        reason: event.reason,
        actor: event.actor,
        created_at: event.createdAt.toISOString(),
      })),
      actions: {
        cancel_at_period_end: staffCancelState(state, 'period_end') === 'CANCELED',
        cancel_now: staffCancelState(state, 'now') !== null,
        reactivate: state === 'CANCELED' && enrollment.currentPeriodEnd.getTime() > now.getTime(),
        extend: extendable(state),
        change_licenses: state !== 'EXPIRED' && option?.maximumLicenses !== null && option !== undefined,
      },
      as_of: now.toISOString(),
    };
  };
}

export type AdminSubscriptionDetailReader = ReturnType<typeof createAdminSubscriptionDetail>;
