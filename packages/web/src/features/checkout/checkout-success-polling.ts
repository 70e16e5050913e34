import type { CheckoutReceipt } from '@lectern/domain';

/**
 * The receipt's query (a guest's, read by the attempt pass, apart: a sign-in changes the
 * route); the provider return reloads it after submitting the outcome.
 */
export function receiptQueryKey(attemptId: string, guest = false) {
  return guest
    ? (['checkout-receipt', attemptId, 'guest'] as const)
    : (['checkout-receipt', attemptId] as const);
}

/** What the success page shows for a receipt. */
export type ReceiptView = 'succeeded' | 'pending' | 'failed';

const FAILED_STATUSES: ReadonlySet<CheckoutReceipt['status']> = new Set(['failed', 'canceled']);

/**
 * An order is only shown once it exists: a payment the provider already took but whose order
 * the webhook has not created yet still reads as pending.
 */
export function receiptView(receipt: CheckoutReceipt): ReceiptView {
  if (receipt.order) return 'succeeded';
  if (FAILED_STATUSES.has(receipt.status)) return 'failed';
  return 'pending';
}

/** Statuses a provider return may still change; a final one is never submitted again. */
export function isReceiptOpen(receipt: CheckoutReceipt): boolean {
  return (
    receipt.status === 'created' || receipt.status === 'processing' || receipt.status === 'requires_action'
  );
}

/**
 * How long to wait before asking again, by how long the page has been waiting. A bank
 * usually confirms within a minute, so the first minutes poll briskly; a voucher can stay
 * unpaid for days (checkout §9), so a page left open must not keep the server busy.
 */
export const RECEIPT_POLL_STEPS: readonly { untilMs: number; everyMs: number }[] = [
  { untilMs: 3 * 60_000, everyMs: 3_000 },
  { untilMs: 15 * 60_000, everyMs: 15_000 },
  { untilMs: Number.POSITIVE_INFINITY, everyMs: 60_000 },
];

/** The next poll delay for a receipt, or `false` once it has settled. */
export function receiptPollDelay(receipt: CheckoutReceipt, waitedMs: number): number | false {
  if (receiptView(receipt) !== 'pending') return false;
  const step = RECEIPT_POLL_STEPS.find((entry) => waitedMs < entry.untilMs) ?? RECEIPT_POLL_STEPS.at(-1)!;
  return step.everyMs;
}
