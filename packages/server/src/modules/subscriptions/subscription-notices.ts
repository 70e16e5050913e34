import {
  money,
  PAGE_ROUTES,
  pagePath,
  type CurrencyCode,
  type Money,
  type RetentionOfferQuote,
} from '@lectern/domain';
import type { Writer } from '../../platform/db/database.js';
import type { MailContent } from '../mail/mail-templates.js';
import type { GatewayFailure } from '../payments/payment-gateway.js';
import type { InvoiceRow, SubscriptionBillingRepository } from './subscription-billing.repository.js';
import { MANAGE_SUBSCRIPTIONS_PATH } from './subscription-checkout-answers.js';
import type { ChargeRow, EnrollmentRow, Subscriber } from './subscriptions.repository.js';

/** Where mails go: an outbox written in the caller's transaction (the mail module). */
export interface MailQueue {
  enqueueMany(
    writer: Writer,
    mails: { to: string; locale?: string; content: MailContent; dedupeKey?: string }[],
  ): Promise<unknown>;
}

/** One mail about one plan; `key` makes a repeated event mail once. */
interface Notice {
  enrollment: EnrollmentRow;
  key: string;
  content: (planName: string) => MailContent;
}

/** The page where an admin authenticates a renewal the bank wants confirmed (`?invoice=<id>`). */
export const AUTHENTICATE_RENEWAL_PATH = '/payment/subscription-authenticate/';

/** `R-001042`: the reference a receipt is known by (team-plan §3 `ref`). */
export const receiptRefOf = (receiptNumber: number) => `R-${String(receiptNumber).padStart(6, '0')}`;

const amountOf = (amount: number, currency: string): Money => money(amount, currency as CurrencyCode);

/**
 * The mails of a plan's life (trial, receipts, failed payments, cancel, reactivate, expiry,
 * licenses), to the organization's owners and admins or the learner. Each is written in the
 * transaction of the event that causes it, with a key that makes a repeated event mail once.
 */
export function createSubscriptionNotices(deps: {
  billing: SubscriptionBillingRepository;
  mail: MailQueue;
  /**
   * Who hears about each plan's billing: the organization's owners and admins, or the learner
   * (keyed `organization:<id>` / `user:<id>`).
   */
  contactsOf: (
    subscribers: Subscriber[],
    writer: Writer,
  ) => Promise<Map<string, { email: string; locale: string }[]>>;
}) {
  const { billing, mail, contactsOf } = deps;

  /** Writes the notices' mails with `writer`: one read of the contacts, one insert. */
  async function sendAll(notices: Notice[], writer: Writer): Promise<void> {
    if (notices.length === 0) return;
    const subscribers = new Map<string, Subscriber>();
    for (const { enrollment } of notices)
      subscribers.set(`${enrollment.subscriberType}:${enrollment.subscriberId}`, {
        type: enrollment.subscriberType,
        id: enrollment.subscriberId,
      });
    const contacts = await contactsOf([...subscribers.values()], writer);
    const planNames = new Map<string, string>();
    for (const { enrollment } of notices)
      if (!planNames.has(enrollment.priceOptionId))
        planNames.set(enrollment.priceOptionId, await billing.planName(enrollment.priceOptionId, writer));
    await mail.enqueueMany(
      writer,
      notices.flatMap(({ enrollment, key, content }) => {
        const planName = planNames.get(enrollment.priceOptionId)!;
        return (contacts.get(`${enrollment.subscriberType}:${enrollment.subscriberId}`) ?? []).map(
          (contact) => ({
            to: contact.email,
            locale: contact.locale.replace('_', '-'),
            content: content(planName),
            dedupeKey: `${key}:${contact.email}`,
          }),
        );
      }),
    );
  }

  const send = (
    enrollment: EnrollmentRow,
    writer: Writer,
    key: string,
    content: (planName: string) => MailContent,
  ) => sendAll([{ enrollment, key, content }], writer);

  const receiptNotice = (enrollment: EnrollmentRow, charge: ChargeRow): Notice => ({
    enrollment,
    key: `receipt:${charge.id}`,
    content: (planName) => ({
      kind: 'payment_receipt',
      planName,
      receiptRef: receiptRefOf(charge.receiptNumber ?? charge.id),
      paidAt: charge.createdAt.toISOString(),
      amount: amountOf(charge.amount, charge.currency),
      tax: charge.taxAmount > 0 ? amountOf(charge.taxAmount, charge.currency) : null,
      periodStart: charge.periodStart.toISOString(),
      periodEnd: charge.periodEnd.toISOString(),
      licenses: charge.licenses,
      cardBrand: charge.cardBrand ?? 'card',
      cardLast4: charge.cardLast4 ?? '',
      // The receipt page: the organization admin area's, or the learner's own.
      receiptUrl: pagePath(
        enrollment.subscriberType === 'organization' ? 'organizationReceipt' : 'subscriptionReceipt',
        {
          paymentId: charge.id,
        },
      ),
    }),
  });

  const nextCharge = (enrollment: EnrollmentRow) => amountOf(enrollment.chargeAmount, enrollment.currency);

  return {
    trialStarted: (enrollment: EnrollmentRow, writer: Writer) =>
      send(enrollment, writer, `trial_started:${enrollment.id}`, (planName) => ({
        kind: 'trial_started',
        planName,
        trialEndDate: (enrollment.trialEnd ?? enrollment.currentPeriodEnd).toISOString(),
        firstCharge: nextCharge(enrollment),
        manageUrl: MANAGE_SUBSCRIPTIONS_PATH,
      })),

    trialEnding: (enrollment: EnrollmentRow, writer: Writer) =>
      send(
        enrollment,
        writer,
        `trial_ending:${enrollment.id}:${enrollment.trialEnd?.toISOString()}`,
        (planName) => ({
          kind: 'trial_ending',
          planName,
          trialEndDate: (enrollment.trialEnd ?? enrollment.currentPeriodEnd).toISOString(),
          firstCharge: nextCharge(enrollment),
          manageUrl: MANAGE_SUBSCRIPTIONS_PATH,
        }),
      ),

    receipt: (enrollment: EnrollmentRow, charge: ChargeRow, writer: Writer) =>
      sendAll([receiptNotice(enrollment, charge)], writer),

    /** The receipts of a renewal run, in one write. */
    receipts: (paid: { enrollment: EnrollmentRow; charge: ChargeRow }[], writer: Writer) =>
      sendAll(
        paid.map(({ enrollment, charge }) => receiptNotice(enrollment, charge)),
        writer,
      ),

    paymentFailed: (
      enrollment: EnrollmentRow,
      invoice: InvoiceRow,
      failure: GatewayFailure,
      nextRetry: Date | null,
      writer: Writer,
    ) =>
      send(enrollment, writer, `payment_failed:${invoice.id}:${invoice.attempts}`, (planName) => ({
        kind: 'payment_failed',
        planName,
        amount: amountOf(invoice.amount, invoice.currency),
        reason: failure.message,
        nextRetryDate: nextRetry?.toISOString() ?? null,
        // An organization's admin changes the card on the admin area's payment page.
        updateCardUrl:
          enrollment.subscriberType === 'organization'
            ? PAGE_ROUTES.organizationBillingPayment
            : MANAGE_SUBSCRIPTIONS_PATH,
      })),

    authenticationRequired: (enrollment: EnrollmentRow, invoice: InvoiceRow, writer: Writer) =>
      send(enrollment, writer, `authentication_required:${invoice.id}:${invoice.attempts}`, (planName) => ({
        kind: 'authentication_required',
        planName,
        amount: amountOf(invoice.amount, invoice.currency),
        authenticateUrl: `${AUTHENTICATE_RENEWAL_PATH}?invoice=${invoice.id}`,
      })),

    cancelled: (enrollment: EnrollmentRow, writer: Writer) =>
      send(
        enrollment,
        writer,
        `cancelled:${enrollment.id}:${enrollment.cancelDate?.toISOString()}`,
        (planName) => ({
          kind: 'subscription_cancelled',
          planName,
          endDate: enrollment.currentPeriodEnd.toISOString(),
          reactivateUrl: MANAGE_SUBSCRIPTIONS_PATH,
        }),
      ),

    reactivated: (enrollment: EnrollmentRow, writer: Writer, at: Date) =>
      send(enrollment, writer, `reactivated:${enrollment.id}:${at.toISOString()}`, (planName) => ({
        kind: 'subscription_reactivated',
        planName,
        nextChargeDate: enrollment.currentPeriodEnd.toISOString(),
        amount: nextCharge(enrollment),
      })),

    expired: (enrollment: EnrollmentRow, writer: Writer) =>
      send(enrollment, writer, `expired:${enrollment.id}`, (planName) => ({
        kind: 'subscription_expired',
        planName,
        endDate: enrollment.currentPeriodEnd.toISOString(),
        resubscribeUrl: MANAGE_SUBSCRIPTIONS_PATH,
      })),

    /** A Personal Plan subscriber accepted a retention offer instead of cancelling (decision 0029). */
    retentionOfferAccepted: (enrollment: EnrollmentRow, quote: RetentionOfferQuote, writer: Writer) =>
      send(enrollment, writer, `retention_offer_accepted:${enrollment.id}`, (planName) => ({
        kind: 'retention_offer_accepted',
        planName,
        percentOff: quote.percentOff,
        periods: quote.periods,
        interval: quote.renewalInterval.type,
        discountedAmount: quote.discounted.total,
        regularAmount: quote.regular.total,
        chargeDates: quote.chargeDates.map((date) => date.toISOString()),
        regularFrom: quote.endsAt.toISOString(),
        manageUrl: MANAGE_SUBSCRIPTIONS_PATH,
      })),

    licensesAdded: (
      enrollment: EnrollmentRow,
      change: { added: number; total: number; charged: Money | null; checkoutId: string },
      writer: Writer,
    ) =>
      send(enrollment, writer, `licenses_added:${change.checkoutId}`, (planName) => ({
        kind: 'licenses_added',
        planName,
        added: change.added,
        total: change.total,
        charged: change.charged,
      })),
  };
}

export type SubscriptionNotices = ReturnType<typeof createSubscriptionNotices>;
