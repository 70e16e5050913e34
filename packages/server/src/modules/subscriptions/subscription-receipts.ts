import {
  checkoutReferenceOf,
  formatMoney,
  money,
  type BillingHistory,
  type CurrencyCode,
  type ReceiptSeller,
  type SubscriptionReceipt,
} from '@lectern/domain';
import { notFound } from '../../platform/http/http-error.js';
import { storedBillingLocation } from '../tax/billing-location.js';
import { receiptRefOf } from './subscription-notices.js';
import type { ChargeRow, Subscriber } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** A charge as the recent activity shows it. */
export interface RecentCharge {
  date: string;
  status: 'succeeded' | 'failed';
  amount_text: string;
}

const KIND_SUBTITLES: Record<string, string> = {
  first_period: 'First period',
  renewal: 'Renewal',
  proration: 'Added licenses',
};

/** A charge's subtitle in the billing history and the purchase history: "Renewal · 10 licenses". */
export function chargeSubtitleOf(charge: { kind: string; licenses: number }): string {
  const licenses = `${charge.licenses} ${charge.licenses === 1 ? 'license' : 'licenses'}`;
  return `${KIND_SUBTITLES[charge.kind] ?? charge.kind} · ${licenses}`;
}

/** Receipt and billing-history URLs of the API (the admin area's pages read them). */
export const RECEIPT_PATHS = {
  history: '/api-2.0/subscriptions/billing-history/',
  receipt: '/api-2.0/subscriptions/receipts/:id/',
} as const;

const receiptUrlOf = (id: number) => RECEIPT_PATHS.receipt.replace(':id', String(id));

/**
 * Receipts and the billing history (team-plan §2 "Billing overview", §3): every succeeded
 * charge is a numbered receipt; failed attempts are listed too. Only the plan's owner (the
 * learner, or the organization's owners and admins) sees them; another's id is a 404.
 */
export function createSubscriptionReceipts(
  subscriptions: SubscriptionsService,
  options: { seller: { name: string; address: string | null; taxId: string | null; supportEmail: string } },
) {
  const { billing } = subscriptions;
  const seller: ReceiptSeller = {
    name: options.seller.name,
    address: options.seller.address,
    tax_id: options.seller.taxId,
    support_email: options.seller.supportEmail,
  };
  const date = (value: Date, locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);

  return {
    async receipt(userId: number, id: number): Promise<SubscriptionReceipt> {
      const charge = await billing.charge(id);
      if (!charge || charge.status !== 'succeeded') throw notFound('There is no such receipt.');
      // 404 for another subscriber's charge, 403 for a member who is not an admin.
      const enrollment = await subscriptions.enrollmentByReference(
        userId,
        checkoutReferenceOf(charge.enrollmentId),
      );
      return receiptOf(charge, enrollment);
    },

    /** A receipt of the subscriber's (the caller checked who may see it); another's is a 404. */
    async receiptOfSubscriber(subscriber: Subscriber, id: number): Promise<SubscriptionReceipt> {
      const charge = await billing.charge(id);
      if (!charge || charge.status !== 'succeeded') throw notFound('There is no such receipt.');
      const [enrollment] = await billing.enrollmentsByIds([charge.enrollmentId]);
      if (
        !enrollment ||
        enrollment.subscriberType !== subscriber.type ||
        enrollment.subscriberId !== subscriber.id
      ) {
        throw notFound('There is no such receipt.');
      }
      return receiptOf(charge, enrollment);
    },

    /** The billing history of the plan the user manages (their organization's, else their own). */
    async history(
      userId: number,
      page: { page: number; pageSize: number },
      locale: string,
    ): Promise<BillingHistory> {
      const subscriber = (await subscriptions.organizationOf(userId, false)) ?? {
        type: 'user' as const,
        id: userId,
      };
      return historyOf(subscriber, page, locale);
    },

    historyOf,

    /** The subscriber's latest charges, succeeded or failed, newest first (recent activity). */
    async recentCharges(subscriber: Subscriber, limit: number, locale: string): Promise<RecentCharge[]> {
      const { rows } = await billing.chargesOf(subscriber, { offset: 0, limit });
      return rows.map((row) => ({
        date: row.createdAt.toISOString(),
        status: row.status === 'succeeded' ? 'succeeded' : 'failed',
        amount_text: formatMoney(money(row.amount, row.currency as CurrencyCode), locale),
      }));
    },
  };

  async function receiptOf(
    charge: ChargeRow,
    enrollment: { subscriberType: Subscriber['type']; subscriberId: number; priceOptionId: string },
  ): Promise<SubscriptionReceipt> {
    const profile = await subscriptions.repository.profile({
      type: enrollment.subscriberType,
      id: enrollment.subscriberId,
    });
    const planName = await billing.planName(enrollment.priceOptionId);
    // The profile's address as it is now (like its name); the charge's own country when it has none.
    const location = storedBillingLocation(
      profile?.country ?? charge.country,
      profile?.country ? profile.secondaryLocation : null,
    );
    return {
      id: charge.id,
      ref: receiptRefOf(charge.receiptNumber ?? charge.id),
      date: charge.createdAt.toISOString(),
      quantity: charge.licenses,
      item: `${planName} — ${KIND_SUBTITLES[charge.kind] ?? charge.kind}`,
      unit_price: charge.unitPrice === null ? null : { amount: charge.unitPrice, currency: charge.currency },
      period_start: charge.periodStart.toISOString(),
      period_end: charge.periodEnd.toISOString(),
      card_type: charge.cardBrand,
      card_last4: charge.cardLast4,
      amount: {
        currency: charge.currency,
        total_amount: charge.amount,
        tax_exclusive_amount: charge.amount - charge.taxAmount,
        tax_amount: charge.taxAmount,
        has_tax_record: charge.taxAmount > 0,
      },
      sold_to: {
        name: profile?.customerName ?? null,
        address: profile?.addressLine1 ?? null,
        address2: profile?.addressLine2 ?? null,
        tax_id: profile?.taxNumber ?? null,
        region: location.region,
        postal_code: location.postalCode,
        country: location.country,
        country_name: location.countryName,
      },
      seller,
    };
  }

  /** A subscriber's billing history: its receipts and failed attempts, newest first. */
  async function historyOf(
    subscriber: Subscriber,
    page: { page: number; pageSize: number },
    locale: string,
  ): Promise<BillingHistory> {
    const { rows, count } = await billing.chargesOf(subscriber, {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
    });
    const names = new Map<string, string>();
    for (const row of rows)
      if (!names.has(row.priceOptionId))
        names.set(row.priceOptionId, await billing.planName(row.priceOptionId));
    return {
      results: rows.map((row: ChargeRow & { priceOptionId: string }) => ({
        id: row.id,
        subscription_plan_description: names.get(row.priceOptionId)!,
        subtitle: chargeSubtitleOf(row),
        billing_period_start_text: date(row.periodStart, locale),
        price_money_text: formatMoney(money(row.amount, row.currency as CurrencyCode), locale),
        brand: row.cardBrand,
        payment_method: row.cardLast4 ? `•••• ${row.cardLast4}` : null,
        invoice_url: row.status === 'succeeded' ? receiptUrlOf(row.id) : null,
        status: row.status === 'succeeded' ? 'succeeded' : 'failed',
        failure_message: row.failureMessage,
      })),
      total_pages: Math.max(1, Math.ceil(count / page.pageSize)),
      count,
    };
  }
}

export type SubscriptionReceipts = ReturnType<typeof createSubscriptionReceipts>;
