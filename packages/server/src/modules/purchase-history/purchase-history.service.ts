import {
  money,
  pagePath,
  purchaseDocumentPath,
  purchasePaymentLabel,
  toApiPrice,
  type CoursePurchaseRow,
  type CurrencyCode,
  type PurchaseDataType,
  type PurchaseDocumentLink,
  type PurchaseDocumentSource,
  type PurchaseGift,
  type PurchaseHistoryResponse,
  type PurchaseRowOf,
  type RefundDestination,
  type RefundQuote,
  type RefundRow as RefundApiRow,
  type SubscriptionPurchaseRow,
  REFUND_REASONS,
} from '@lectern/domain';
import { permissionDenied } from '../../platform/http/http-error.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { GiftOfLine, GiftsService } from '../gifts/gifts.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import type { Clock } from '../../platform/clock/clock.js';
import {
  destinationsOf,
  refundableLinesOf,
  type RefundRow,
  type RefundsService,
} from '../refunds/refunds.service.js';
import { chargeSubtitleOf } from '../subscriptions/subscription-receipts.js';
import type { Subscriber, SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { PricingContext } from '../user-context/user-context.service.js';

interface Page {
  number: number;
  size: number;
}

/** A document that exists or will: its download link, numbered once issued. */
function documentLink(
  source: PurchaseDocumentSource,
  id: number,
  numbers: Map<number, string>,
): PurchaseDocumentLink {
  return { status: 'available', url: purchaseDocumentPath(source, id), number: numbers.get(id) ?? null };
}
const PENDING: PurchaseDocumentLink = { status: 'pending', url: null, number: null };
const UNAVAILABLE: PurchaseDocumentLink = { status: 'unavailable', url: null, number: null };

/**
 * The purchase history of team-plan §2 and §3: a learner's course orders (with each course's
 * refund state), their refunds, their personal plan's charges, and — for an organization's
 * owners and admins — the organization's plan charges. Each page is read with a fixed number
 * of queries whatever its rows.
 */
export function createPurchaseHistory(deps: {
  orders: OrdersService;
  refunds: RefundsService;
  catalog: CatalogService;
  subscriptions: SubscriptionsService;
  documents: PurchaseDocuments;
  gifts: GiftsService;
  clock: Clock;
}) {
  const { orders, refunds, catalog, subscriptions, documents, gifts, clock } = deps;
  const purchaseGiftOf = (gift: GiftOfLine | undefined): PurchaseGift | null =>
    gift
      ? {
          recipient_email: gift.recipientEmail,
          recipient_name: gift.recipientName,
          deliver_at: gift.deliverAt.toISOString(),
          status: gift.status,
        }
      : null;

  async function coursesOf(ids: number[], pricing: PricingContext) {
    const summaries = await catalog.summariesOf([...new Set(ids)], pricing.currency, pricing.intlLocale);
    return new Map(
      summaries.map((course) => [course.id, { id: course.id, title: course.title, url: course.url }]),
    );
  }
  const unknownCourse = (id: number) => ({ id, title: `Course #${id}`, url: '/' });

  const destinationsFor = (
    row: Pick<RefundRow, 'providerAmount' | 'creditAmount' | 'providerLabel'>,
    currency: CurrencyCode,
    locale: string,
  ): RefundDestination[] =>
    destinationsOf(row).map((part) => ({
      kind: part.kind,
      label: part.label,
      amount: toApiPrice(money(part.amount, currency), locale, { freeWhenZero: false }),
    }));

  async function courseRows(userId: number, page: Page, pricing: PricingContext) {
    const { count, results } = await orders.ordersOf(userId, page);
    const lineIds = results.flatMap((order) => order.lines.map((line) => line.id));
    const giftLineIds = results.flatMap((order) =>
      order.lines.filter((line) => line.buyableType === 'gift').map((line) => line.id),
    );
    const [lineRefunds, giftOfLine, courses, numbers] = await Promise.all([
      refunds.ofLines(lineIds),
      gifts.ofLines(giftLineIds),
      coursesOf(
        results.flatMap((order) => order.lines.map((line) => line.courseId)),
        pricing,
      ),
      documents.numbersOf(
        'order',
        results.map((order) => order.id),
      ),
    ]);
    const refundOfLine = new Map(lineRefunds.map((refund) => [refund.orderLineId, refund]));
    const requested = new Set(refundOfLine.keys());
    const locale = pricing.intlLocale;
    const now = clock.now();
    let processing = false;
    const rows = results.map((order): CoursePurchaseRow => {
      const price = (amount: number) =>
        toApiPrice(money(amount, order.currency), locale, { freeWhenZero: false });
      // The same rule the refund request applies (the refunds service's).
      const redeemed = new Set(
        order.lines.filter((line) => giftOfLine.get(line.id)?.status === 'redeemed').map((line) => line.id),
      );
      const lines = refundableLinesOf(order, requested, now, redeemed).map(
        ({ line, paid, refusal, deadline }) => {
          const refund = refundOfLine.get(line.id) ?? null;
          if (refund?.status === 'pending') processing = true;
          return {
            id: line.id,
            course: courses.get(line.courseId) ?? unknownCourse(line.courseId),
            price: price(paid),
            refund: refund ? { id: refund.id, status: refund.status } : null,
            refund_refusal: refusal,
            refund_deadline: deadline.toISOString(),
            gift: purchaseGiftOf(giftOfLine.get(line.id)),
          };
        },
      );
      const refunded = lines.filter((line) => line.refund?.status === 'refunded').length;
      return {
        id: order.id,
        date: order.completedAt.toISOString(),
        total_price: price(order.total + order.credit),
        payment_method: {
          type: order.payment.type,
          label: order.paymentLabel,
          brand: order.payment.cardBrand,
          last4: order.payment.cardLast4,
        },
        status: refunded === 0 ? 'completed' : refunded === lines.length ? 'refunded' : 'partially_refunded',
        course_count: lines.length,
        courses: lines,
        invoice: order.total + order.credit > 0 ? documentLink('order', order.id, numbers) : UNAVAILABLE,
      };
    });
    return { count, rows, processing };
  }

  async function refundRows(userId: number, page: Page, pricing: PricingContext) {
    const { count, rows } = await refunds.pageOf(userId, page);
    const [courses, numbers] = await Promise.all([
      coursesOf(
        rows.map((row) => row.courseId),
        pricing,
      ),
      documents.numbersOf(
        'refund',
        rows.map((row) => row.id),
      ),
    ]);
    return {
      count,
      processing: rows.some((row) => row.status === 'pending'),
      rows: rows.map((row) => refundApiRow(row, courses, numbers, pricing.intlLocale)),
    };
  }

  function refundApiRow(
    row: RefundRow,
    courses: Map<number, { id: number; title: string; url: string }>,
    numbers: Map<number, string>,
    locale: string,
  ): RefundApiRow {
    return {
      id: row.id,
      date: row.requestedAt.toISOString(),
      completed: row.completedAt?.toISOString() ?? null,
      order_id: row.orderId,
      course: courses.get(row.courseId) ?? unknownCourse(row.courseId),
      amount: toApiPrice(money(row.amount, row.currency as CurrencyCode), locale, { freeWhenZero: false }),
      refunded_to: destinationsFor(row, row.currency as CurrencyCode, locale),
      status: row.status,
      failure_reason: row.status === 'failed' ? row.failureMessage : null,
      credit_note:
        row.status === 'refunded'
          ? documentLink('refund', row.id, numbers)
          : row.status === 'pending'
            ? PENDING
            : UNAVAILABLE,
    };
  }

  async function chargeRows(subscriber: Subscriber, page: Page, pricing: PricingContext) {
    const { rows, count } = await subscriptions.billing.chargesOf(subscriber, {
      offset: (page.number - 1) * page.size,
      limit: page.size,
    });
    const names = new Map<string, string>();
    for (const option of new Set(rows.map((row) => row.priceOptionId)))
      names.set(option, await subscriptions.billing.planName(option));
    const numbers = await documents.numbersOf(
      'subscription_charge',
      rows.map((row) => row.id),
    );
    const receiptPage = subscriber.type === 'organization' ? 'organizationReceipt' : 'subscriptionReceipt';
    return {
      count,
      processing: false,
      rows: rows.map((row): SubscriptionPurchaseRow => {
        const paid = row.status === 'succeeded';
        return {
          id: row.id,
          date: row.createdAt.toISOString(),
          description: names.get(row.priceOptionId) ?? 'Subscription',
          subtitle: chargeSubtitleOf(row),
          total_amount: toApiPrice(money(row.amount, row.currency as CurrencyCode), pricing.intlLocale, {
            freeWhenZero: false,
          }),
          payment_method: row.cardLast4
            ? {
                type: 'card',
                label: purchasePaymentLabel({ type: 'card', brand: row.cardBrand, last4: row.cardLast4 }),
                brand: row.cardBrand,
                last4: row.cardLast4,
              }
            : null,
          status: paid ? 'succeeded' : 'failed',
          invoice:
            paid && row.amount > 0 ? documentLink('subscription_charge', row.id, numbers) : UNAVAILABLE,
          receipt_url: paid ? pagePath(receiptPage, { paymentId: row.id }) : null,
        };
      }),
    };
  }

  return {
    /** One page of one kind of purchase data (team-plan §3); a page past the end is empty. */
    async page<T extends PurchaseDataType>(
      userId: number,
      dataType: T,
      pageNumber: number,
      size: number,
      pricing: PricingContext,
    ): Promise<PurchaseHistoryResponse<T>> {
      const page = { number: pageNumber, size };
      let read: { count: number; rows: PurchaseRowOf[T][]; processing: boolean };
      if (dataType === 'courses') {
        read = (await courseRows(userId, page, pricing)) as typeof read;
      } else if (dataType === 'refunds') {
        read = (await refundRows(userId, page, pricing)) as typeof read;
      } else if (dataType === 'subscriptions') {
        read = (await chargeRows({ type: 'user', id: userId }, page, pricing)) as typeof read;
      } else {
        const organization = await subscriptions.organizationOf(userId, false);
        if (!organization) {
          throw permissionDenied(
            "Only your organization's owners and admins see its subscription purchases.",
          );
        }
        read = (await chargeRows(organization, page, pricing)) as typeof read;
      }
      return {
        status: read.rows.length === 0 ? 'empty' : read.processing ? 'processing' : 'succeeded',
        data_type: dataType,
        results: read.rows,
        total_pages: Math.max(1, Math.ceil(read.count / size)),
        count: read.count,
      };
    },

    /** What a refund of one of the user's bought courses would be (the request page). */
    async refundQuote(userId: number, lineId: number, pricing: PricingContext): Promise<RefundQuote | null> {
      const refundable = await refunds.refundableLine(userId, lineId);
      if (!refundable) return null;
      const { order, line, split, refusal } = refundable;
      const [courses, giftOfLine] = await Promise.all([
        coursesOf([line.courseId], pricing),
        line.buyableType === 'gift'
          ? gifts.ofLines([line.id])
          : Promise.resolve(new Map<number, GiftOfLine>()),
      ]);
      const locale = pricing.intlLocale;
      const price = (amount: number) =>
        toApiPrice(money(amount, order.currency), locale, { freeWhenZero: false });
      return {
        order_line_id: line.id,
        order_id: order.id,
        course: courses.get(line.courseId) ?? unknownCourse(line.courseId),
        purchase_date: order.completedAt.toISOString(),
        price: price(refundable.paid),
        refund_deadline: refundable.deadline.toISOString(),
        refund_refusal: refusal,
        gift: purchaseGiftOf(giftOfLine.get(line.id)),
        refund_to: refusal
          ? []
          : destinationsFor(
              {
                providerAmount: split.provider,
                creditAmount: split.credit,
                providerLabel: refundable.providerLabel,
              },
              order.currency,
              locale,
            ),
        reasons: REFUND_REASONS,
      };
    },

    /** A refund as the Refunds tab shows it. */
    async refundRow(row: RefundRow, pricing: PricingContext): Promise<RefundApiRow> {
      const [courses, numbers] = await Promise.all([
        coursesOf([row.courseId], pricing),
        documents.numbersOf('refund', [row.id]),
      ]);
      return refundApiRow(row, courses, numbers, pricing.intlLocale);
    },
  };
}

export type PurchaseHistory = ReturnType<typeof createPurchaseHistory>;
