// Checkout §9 delivery texts: what a buyer reads while a payment that settles later is pending.

/** Checkout §9 voucher lifetimes and delivery times. */
export const PAYMENT_DEADLINES = {
  boletoDays: 5,
  oxxoDays: 3,
  dokuHours: 48,
  dokuDeliveryMinutes: 30,
  /** Bank transfers and vouchers: access to the courses up to this long after paying. */
  accessHours: 24,
} as const;

const ACCESS = `You will get access to your courses up to ${PAYMENT_DEADLINES.accessHours} hours after you pay.`;

/** The text for a pending payment of a method type (the checkout §3 type, e.g. `boleto`). */
export function pendingPaymentText(methodType: string): string {
  if (methodType === 'boleto') {
    return `Pay your Boleto within ${PAYMENT_DEADLINES.boletoDays} days, at a bank, lottery outlet or in your banking app. ${ACCESS}`;
  }
  if (methodType === 'oxxo') {
    return `Pay your OXXO voucher in cash at any OXXO store within ${PAYMENT_DEADLINES.oxxoDays} days. ${ACCESS}`;
  }
  if (methodType === 'pix') return `Pay with the Pix code in your banking app. ${ACCESS}`;
  if (methodType.startsWith('doku_')) {
    return `Complete your payment within ${PAYMENT_DEADLINES.dokuHours} hours. Your courses will be ready up to ${PAYMENT_DEADLINES.dokuDeliveryMinutes} minutes after you pay.`;
  }
  if (methodType === 'card') {
    // Ours: a card payment whose answer was lost on the way; reconciliation settles it in minutes.
    return 'We are confirming your payment with the payment provider. This takes a few minutes at most, and you will never be charged twice.';
  }
  return `Your bank is confirming the payment. You will get access to your courses up to ${PAYMENT_DEADLINES.accessHours} hours after it is confirmed.`;
}
