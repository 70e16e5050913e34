import {
  adminDocumentPath,
  isCurrencyCode,
  money,
  purchasePaymentLabel,
  type AdminDocumentLink,
  type AdminLineRefund,
  type AdminOrderRow,
  type AdminRefundRow,
  type CurrencyCode,
  type Money,
} from '@lectern/domain';
import { statusOf, type OrderListRow, type RefundListRow } from './admin-orders.repository.js';

// The back office's answers, built from what the repository read (amounts stay minor units).

export const currencyOf = (code: string): CurrencyCode => (isCurrencyCode(code) ? code : 'USD');
export const moneyOf = (amount: number, currency: string): Money => money(amount, currencyOf(currency));

export function orderRowAnswer(row: OrderListRow): AdminOrderRow {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status: statusOf(row),
    buyer: { id: row.userId, email: row.email, name: row.name },
    gross: moneyOf(row.totalAmount + row.creditAmount, row.currency),
    total: moneyOf(row.totalAmount, row.currency),
    credit: moneyOf(row.creditAmount, row.currency),
    payment_method: {
      type: row.paymentType,
      label: purchasePaymentLabel({ type: row.paymentType, brand: row.cardBrand, last4: row.cardLast4 }),
      last4: row.cardLast4,
    },
    country: row.country,
    line_count: row.lineCount,
    refunded_lines: row.refundedLines,
    codes: row.codes,
  };
}

/** A credit note's link: a refund has one once it is done (issued at first download if not yet). */
export function creditNoteOf(
  row: { id: number; status: string },
  number: string | null,
): AdminDocumentLink | null {
  return row.status === 'refunded'
    ? { kind: 'credit_note', number, url: adminDocumentPath('refund', row.id) }
    : null;
}

export function refundAnswer(row: RefundListRow, creditNoteNumber: string | null): AdminLineRefund {
  return {
    id: row.id,
    order_id: row.orderId,
    order_line_id: row.orderLineId,
    status: row.status,
    amount: moneyOf(row.amount, row.currency),
    provider_amount: moneyOf(row.providerAmount, row.currency),
    credit_amount: moneyOf(row.creditAmount, row.currency),
    provider_label: row.providerLabel,
    reason: row.reason,
    comment: row.comment,
    staff: row.staffId === null ? null : { id: row.staffId, email: row.staffEmail ?? '' },
    gateway_refund_id: row.gatewayRefundId,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    requested_at: row.requestedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    retries: row.retries,
    stuck: row.stuck,
    credit_note: creditNoteOf(row, creditNoteNumber),
  };
}

export function refundRowAnswer(
  row: RefundListRow,
  courseTitle: string | undefined,
  creditNoteNumber: string | null,
): AdminRefundRow {
  return {
    ...refundAnswer(row, creditNoteNumber),
    course: { id: row.courseId, title: courseTitle ?? `Course #${row.courseId}` },
    buyer: { id: row.userId, email: row.email },
    order_created_at: row.orderCreatedAt.toISOString(),
  };
}
