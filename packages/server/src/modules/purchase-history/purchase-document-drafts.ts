import {
  billingAddressLines,
  isCurrencyCode,
  purchasePaymentLabel,
  type BillingLocation,
  type CurrencyCode,
} from '@lectern/domain';
import type {
  PurchaseDocumentDraft,
  PurchaseDocumentDrafts,
} from '../purchase-documents/purchase-documents.service.js';
import type { Order, OrdersService } from '../orders/orders.service.js';
import { storedBillingLocation } from '../tax/billing-location.js';
import { shareOfTaxLines, type TaxLine } from '../tax/tax-lines.js';
import { destinationsOf, type RefundsService } from '../refunds/refunds.service.js';
import type { SubscriptionReceipts } from '../subscriptions/subscription-receipts.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';

type DraftLine = PurchaseDocumentDraft['lines'][number];

const INCLUDED_TAX_NOTE = 'Prices include tax.';

/** One tax row per rate of the lines (a sale without a breakdown: subscription charges). */
function taxesOf(lines: readonly DraftLine[]): PurchaseDocumentDraft['taxes'] {
  const byRate = new Map<number, PurchaseDocumentDraft['taxes'][number]>();
  for (const line of lines) {
    const row = byRate.get(line.taxRatePercent) ?? {
      name: 'Tax',
      ratePercent: line.taxRatePercent,
      netAmount: 0,
      taxAmount: 0,
    };
    row.netAmount += line.netAmount;
    row.taxAmount += line.taxAmount;
    byRate.set(line.taxRatePercent, row);
  }
  return [...byRate.values()].filter((row) => row.taxAmount > 0 || row.ratePercent > 0);
}

/** One tax row per tax the sale recorded (GST and QST; state and city), on the lines' base. */
function taxesOfLines(taxLines: readonly TaxLine[], netAmount: number): PurchaseDocumentDraft['taxes'] {
  return taxLines
    .filter((line) => line.amount > 0 || line.ratePercent > 0)
    .map((line) => ({ name: line.name, ratePercent: line.ratePercent, netAmount, taxAmount: line.amount }));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * How each kind of sale reads as an invoice or credit note: a course order (one line per
 * course), a subscription charge (its receipt), a refund (the course given back, correcting
 * the order's invoice). Amounts come from what was charged, never recomputed, so a document
 * always adds up to the charge.
 */
export function createPurchaseDocumentDrafts(deps: {
  orders: OrdersService;
  refunds: RefundsService;
  users: UsersService;
  subscriptions: SubscriptionsService;
  receipts: SubscriptionReceipts;
  courseTitles: (courseIds: number[]) => Promise<Map<number, string>>;
  /** The billing country and secondary location the buyer gave at checkout (the attempt's quote). */
  billingOfAttempt: (
    attemptId: string,
  ) => Promise<{ country: string; secondaryLocation: string | null } | null>;
}): PurchaseDocumentDrafts {
  const { orders, refunds, users, subscriptions, receipts, courseTitles, billingOfAttempt } = deps;

  async function buyerOf(userId: number, country: string | null): Promise<PurchaseDocumentDraft['buyer']> {
    const user = await users.findById(userId);
    return {
      name: user?.displayName ?? user?.name ?? `Customer #${userId}`,
      email: user?.email ?? null,
      addressLines: [],
      country: country ?? user?.country ?? null,
      taxId: null,
    };
  }

  /**
   * The address lines of a bill-to block: the typed lines, then region and postal code
   * ("Washington 98101"); the PDF prints the country's name under them.
   */
  const addressLinesOf = (
    lines: readonly (string | null)[],
    location: Pick<BillingLocation, 'region' | 'postalCode'>,
  ) =>
    billingAddressLines(lines, { country: null, region: location.region, postalCode: location.postalCode });

  /** An order's buyer with the billing location given at its checkout (course checkouts take no street). */
  async function orderBuyerOf(order: Order): Promise<PurchaseDocumentDraft['buyer']> {
    const buyer = await buyerOf(order.userId, order.country);
    const billing = order.payment.attemptId ? await billingOfAttempt(order.payment.attemptId) : null;
    // A quote of another country than the order's (never expected) is not the order's address.
    if (!billing || (order.country && billing.country !== order.country)) {
      return { ...buyer, taxId: order.taxNumber };
    }
    const location = storedBillingLocation(billing.country, billing.secondaryLocation);
    return {
      ...buyer,
      addressLines: addressLinesOf([], location),
      country: location.country ?? buyer.country,
      taxId: order.taxNumber,
    };
  }

  /** A course line: the price before tax, its tax, at the order's rate. */
  function orderLine(order: Order, line: Order['lines'][number], title: string): DraftLine {
    const net = order.taxAddedOnTop ? line.price : line.price - line.tax;
    return {
      description: title,
      detail: line.couponCode ? `Discount code ${line.couponCode}` : null,
      quantity: 1,
      unitAmount: net,
      netAmount: net,
      taxRatePercent: order.taxRatePercent,
      taxAmount: line.tax,
    };
  }

  const notesOf = (order: Order) => [
    ...(order.taxAddedOnTop || order.tax === 0 ? [] : [INCLUDED_TAX_NOTE]),
    ...(order.taxNote ? [order.taxNote] : []),
  ];

  return {
    async order(id) {
      const order = await orders.order(id, null);
      if (!order || order.total + order.credit === 0) return null;
      const titles = await courseTitles(order.lines.map((line) => line.courseId));
      const lines = order.lines.map((line) =>
        orderLine(order, line, titles.get(line.courseId) ?? `Course #${line.courseId}`),
      );
      const netTotal = sum(lines.map((line) => line.netAmount));
      const taxTotal = sum(lines.map((line) => line.taxAmount));
      const label = order.paymentLabel;
      return {
        source: 'order',
        sourceId: order.id,
        suppliedAt: order.completedAt,
        currency: order.currency,
        buyer: await orderBuyerOf(order),
        lines,
        taxes: taxesOfLines(order.taxLines, netTotal),
        netTotal,
        taxTotal,
        grossTotal: netTotal + taxTotal,
        payments: [
          ...(order.total > 0 ? [{ label: `Paid with ${label}`, amount: order.total }] : []),
          ...(order.credit > 0 ? [{ label: 'Account credit', amount: order.credit }] : []),
        ],
        notes: notesOf(order),
        owner: { userId: order.userId, organizationId: null },
        corrects: null,
      };
    },

    async refund(id) {
      const refund = await refunds.refundOf(null, id);
      if (!refund || refund.status !== 'refunded') return null;
      const order = await orders.order(refund.orderId, null);
      const line = order?.lines.find((candidate) => candidate.id === refund.orderLineId);
      if (!order || !line) return null;
      const titles = await courseTitles([line.courseId]);
      const documentLine = {
        ...orderLine(order, line, titles.get(line.courseId) ?? `Course #${line.courseId}`),
        detail: `Refund of order #${order.id}`,
      };
      return {
        source: 'refund',
        sourceId: refund.id,
        suppliedAt: refund.completedAt ?? refund.requestedAt,
        currency: order.currency,
        buyer: await orderBuyerOf(order),
        lines: [documentLine],
        taxes: taxesOfLines(
          shareOfTaxLines(order.taxLines, line.tax, order.currency),
          documentLine.netAmount,
        ),
        netTotal: documentLine.netAmount,
        taxTotal: documentLine.taxAmount,
        grossTotal: documentLine.netAmount + documentLine.taxAmount,
        payments: destinationsOf(refund).map((part) => ({ label: part.label, amount: part.amount })),
        notes: notesOf(order),
        owner: { userId: order.userId, organizationId: null },
        corrects: { source: 'order', id: order.id },
      };
    },

    async subscription_charge(id) {
      const charge = await subscriptions.billing.charge(id);
      if (!charge || charge.status !== 'succeeded' || charge.amount === 0) return null;
      const [enrollment] = await subscriptions.billing.enrollmentsByIds([charge.enrollmentId]);
      if (!enrollment) return null;
      const subscriber = { type: enrollment.subscriberType, id: enrollment.subscriberId };
      const receipt = await receipts.receiptOfSubscriber(subscriber, id);
      const currency: CurrencyCode = isCurrencyCode(receipt.amount.currency)
        ? receipt.amount.currency
        : 'USD';
      const net = receipt.amount.tax_exclusive_amount;
      const tax = receipt.amount.tax_amount;
      const unit = receipt.unit_price?.amount ?? null;
      const period =
        receipt.period_start && receipt.period_end
          ? `${receipt.period_start.slice(0, 10)} to ${receipt.period_end.slice(0, 10)}`
          : null;
      const line: DraftLine = {
        description: receipt.item,
        detail: period ? `Subscription period ${period}` : null,
        quantity: receipt.quantity,
        // A prorated charge has no meaningful unit price: only its amount is printed.
        unitAmount: unit !== null && unit * receipt.quantity === net ? unit : null,
        netAmount: net,
        taxRatePercent: net > 0 ? Math.round((tax / net) * 10_000) / 100 : 0,
        taxAmount: tax,
      };
      const fallback = subscriber.type === 'user' ? await buyerOf(subscriber.id, null) : null;
      const soldTo = receipt.sold_to;
      const label = purchasePaymentLabel({
        type: 'card',
        brand: receipt.card_type,
        last4: receipt.card_last4,
      });
      return {
        source: 'subscription_charge',
        sourceId: id,
        suppliedAt: new Date(receipt.date),
        currency,
        buyer: {
          name: soldTo.name ?? fallback?.name ?? `Organization #${subscriber.id}`,
          email: fallback?.email ?? null,
          addressLines: addressLinesOf([soldTo.address, soldTo.address2], {
            region: soldTo.region,
            postalCode: soldTo.postal_code,
          }),
          country: soldTo.country ?? fallback?.country ?? null,
          taxId: soldTo.tax_id,
        },
        lines: [line],
        // Charges from before tax lines were kept have one row at their rate.
        taxes: charge.taxLines ? taxesOfLines(charge.taxLines, net) : taxesOf([line]),
        netTotal: net,
        taxTotal: tax,
        grossTotal: net + tax,
        payments: [{ label: `Paid with ${label}`, amount: net + tax }],
        notes: charge.taxNote ? [charge.taxNote] : [],
        owner:
          subscriber.type === 'user'
            ? { userId: subscriber.id, organizationId: null }
            : { userId: null, organizationId: subscriber.id },
        corrects: null,
      };
    },
  };
}
