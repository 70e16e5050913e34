import {
  adminDocumentPath,
  REFUND_WINDOW_DAYS,
  daysSincePurchase,
  refundDeadline,
  staffMayOverride,
  type AdminOrderDetail,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import { notFound } from '../../platform/http/http-error.js';
import type { GiftsService } from '../gifts/gifts.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PurchaseDocuments } from '../purchase-documents/purchase-documents.service.js';
import { refundableLinesOf } from '../refunds/refunds.service.js';
import { moneyOf, refundAnswer } from './admin-orders.answers.js';
import { statusOf, type AdminOrdersRepository } from './admin-orders.repository.js';

/**
 * One order as staff see it (issue 32): the buyer, each line with its course, price, discount,
 * code, tax and what was paid, and whether and where a refund of it would go; totals, tax and
 * credit; the payment attempts and the provider's events; the invoice and the refunds with
 * their credit notes.
 */
export function createAdminOrderDetail(deps: {
  repository: AdminOrdersRepository;
  orders: OrdersService;
  gifts: GiftsService;
  documents: PurchaseDocuments;
  courseTitles: (ids: number[]) => Promise<Map<number, string>>;
  clock: Clock;
}) {
  const { repository, orders, gifts, documents, courseTitles, clock } = deps;

  return async function orderDetail(orderId: number): Promise<AdminOrderDetail> {
    const order = await orders.order(orderId, null);
    if (!order) throw notFound('There is no such order.');
    const [buyer, refunds, attempts, titles, giftsOfLines, createdAt] = await Promise.all([
      repository.buyerOf(order.userId),
      repository.refundsOfOrder(order.id),
      repository.attemptsOf({
        id: order.id,
        userId: order.userId,
        createdAt: order.completedAt,
        attemptId: order.payment.attemptId,
      }),
      courseTitles(order.lines.map((line) => line.courseId)),
      gifts.ofLines(order.lines.filter((line) => line.buyableType === 'gift').map((line) => line.id)),
      repository.createdAtOf(order.id),
    ]);
    const paymentIds = [
      ...new Set(
        [order.payment.gatewayPaymentId, ...attempts.map((attempt) => attempt.gatewayPaymentId)].filter(
          (id): id is string => id !== null,
        ),
      ),
    ];
    const [events, invoiceNumbers, creditNoteNumbers] = await Promise.all([
      repository.providerEventsOf(paymentIds),
      documents.numbersOf('order', [order.id]),
      documents.numbersOf(
        'refund',
        refunds.map((refund) => refund.id),
      ),
    ]);
    const now = clock.now();
    const redeemed = new Set(
      [...giftsOfLines.values()].filter((gift) => gift.status === 'redeemed').map((gift) => gift.lineId),
    );
    const refundable = refundableLinesOf(
      order,
      new Set(refunds.map((refund) => refund.orderLineId)),
      now,
      redeemed,
    );
    const answers = refunds.map((refund) => refundAnswer(refund, creditNoteNumbers.get(refund.id) ?? null));
    const refundedLines = refunds.filter((refund) => refund.status === 'refunded').length;
    const m = (amount: number) => moneyOf(amount, order.currency);
    const gross = order.total + order.credit;
    return {
      id: order.id,
      status: statusOf({
        lineCount: order.lines.length,
        refundedLines,
        pendingRefunds: refunds.filter((refund) => refund.status === 'pending').length,
        failedRefunds: refunds.filter((refund) => refund.status === 'failed').length,
      }),
      created_at: (createdAt ?? order.completedAt).toISOString(),
      completed_at: order.completedAt.toISOString(),
      buyer: buyer ?? { id: order.userId, email: '', name: '', country: '', anonymised: true },
      currency: order.currency,
      subtotal: m(order.subtotal),
      discount: m(order.discount),
      tax: m(order.tax),
      credit: m(order.credit),
      total: m(order.total),
      gross: m(gross),
      tax_mode: order.taxAddedOnTop ? 'tax_added' : 'tax_included',
      tax_rate_percent: order.taxRatePercent,
      tax_lines: order.taxLines.map((line) => ({
        label: line.name,
        rate_percent: line.ratePercent,
        amount: m(line.amount),
      })),
      tax_note: order.taxNote,
      tax_number: order.taxNumber,
      country: order.country,
      payment_method: {
        type: order.payment.type,
        label: order.paymentLabel,
        brand: order.payment.cardBrand,
        last4: order.payment.cardLast4,
      },
      gateway_payment_id: order.payment.gatewayPaymentId,
      lines: refundable.map(({ line, paid, split, refusal }) => ({
        id: line.id,
        course: { id: line.courseId, title: titles.get(line.courseId) ?? `Course #${line.courseId}` },
        buyable_type: line.buyableType,
        list_price: m(line.listPrice),
        discount: m(Math.max(0, line.listPrice - line.price)),
        price: m(line.price),
        tax: m(line.tax),
        paid: m(paid),
        code: line.couponCode,
        refund: answers.find((refund) => refund.order_line_id === line.id) ?? null,
        refund_refusal: refusal,
        refund_refusal_overridable: refusal !== null && staffMayOverride(refusal, true),
        refund_to: { provider: m(split.provider), credit: m(split.credit) },
      })),
      payment_attempts: attempts.map((attempt) => ({
        id: attempt.id,
        status: attempt.status,
        method_type: attempt.methodType,
        vendor: attempt.vendor,
        amount: moneyOf(attempt.amount, attempt.currency),
        gateway_payment_id: attempt.gatewayPaymentId,
        gateway_payment_method_id: attempt.gatewayPaymentMethodId,
        gateway_refund_id: attempt.gatewayRefundId,
        error_code: attempt.errorCode,
        made_the_order: attempt.madeTheOrder,
        created_at: attempt.createdAt.toISOString(),
        updated_at: attempt.updatedAt.toISOString(),
      })),
      provider_events: events.map((event) => ({
        id: event.id,
        gateway_type: event.gatewayType,
        type: event.type,
        received_at: event.receivedAt.toISOString(),
        processed_at: event.processedAt?.toISOString() ?? null,
        attempts: event.attempts,
        last_error: event.lastError,
      })),
      // A free order has no invoice; a paid one's is issued at its first download if not yet.
      invoice:
        gross > 0
          ? {
              kind: 'invoice',
              number: invoiceNumbers.get(order.id) ?? null,
              url: adminDocumentPath('order', order.id),
            }
          : null,
      refunds: answers,
      refund_deadline: refundDeadline(order.completedAt).toISOString(),
      refund_window_open: daysSincePurchase(order.completedAt, now) <= REFUND_WINDOW_DAYS,
    };
  };
}

export type AdminOrderDetailReader = ReturnType<typeof createAdminOrderDetail>;
