import {
  money,
  paymentErrorMessage,
  pendingPaymentText,
  toApiPrice,
  type CheckoutReceipt,
} from '@lectern/domain';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { AttemptRow } from './checkout.repository.js';

/** An attempt's states after which nothing more happens to it. */
export const FINAL_ATTEMPT_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);

/**
 * What the success page says of an attempt still waiting for its money (checkout §9): the
 * method's text and, for a voucher method, the voucher the provider shows.
 */
export async function pendingPaymentOf(
  row: AttemptRow,
  gateway: Pick<PaymentGateway, 'retrievePayment'>,
): Promise<NonNullable<CheckoutReceipt['pending']>> {
  let voucher: NonNullable<CheckoutReceipt['pending']>['voucher'] = null;
  if (row.status === 'requires_action' && row.gatewayPaymentId) {
    const action = (await gateway.retrievePayment(row.gatewayPaymentId)).nextAction;
    if (action?.type === 'display_voucher') {
      voucher = {
        url: action.url,
        reference: action.reference,
        expires_at: action.expiresAt.toISOString(),
      };
    }
  }
  return { method_type: row.methodType, text: pendingPaymentText(row.methodType), voucher };
}

/**
 * `GET /payment/checkout-result/`: the attempt as the success page shows it, with the order
 * it made (its lines priced as frozen at submit, a gift's recipient and whether it is
 * scheduled), its failure, or what it still waits for (`pending`, null once final).
 */
export function receiptOf(
  row: AttemptRow,
  pending: CheckoutReceipt['pending'],
  locale: string,
  now: Date,
): CheckoutReceipt {
  const quote = row.quote;
  const failed = row.status === 'failed' || row.status === 'canceled';
  const code = row.errorCode ?? 'card_declined';
  const price = (amount: number, freeWhenZero = true) =>
    toApiPrice(money(amount, quote.currency), locale, { freeWhenZero });
  return {
    payment_attempt_id: row.id,
    status: row.status,
    pending,
    failure: failed ? { error_code: code, message: paymentErrorMessage(code).text } : null,
    order:
      row.orderId === null
        ? null
        : {
            id: row.orderId,
            total: price(quote.total),
            credit_used: price(quote.creditUsed, false),
            tax: price(quote.tax, false),
            created: row.updatedAt.toISOString(),
            lines: quote.lines.map((line) => ({
              buyable: { id: line.courseId, buyable_object_type: line.buyableType },
              title: line.title,
              url: line.url,
              price: price(line.price),
              // A gift's recipient as frozen at submit, for the page to say when it is mailed.
              ...(line.gift
                ? {
                    gift: {
                      recipient_email: line.gift.recipientEmail,
                      recipient_name: line.gift.recipientName,
                      deliver_at: line.gift.deliverAt,
                      scheduled: new Date(line.gift.deliverAt) > now,
                    },
                  }
                : {}),
            })),
          },
  };
}
