import type { CheckoutReceipt } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { isReceiptOpen, receiptPollDelay, receiptView } from './checkout-success-polling';

function receipt(status: CheckoutReceipt['status'], withOrder = false): CheckoutReceipt {
  return {
    payment_attempt_id: 'att-1',
    status,
    pending: null,
    failure: null,
    order: withOrder
      ? {
          id: 1,
          total: { amount: 0, currency: 'USD', price_string: '$0' },
          credit_used: { amount: 0, currency: 'USD', price_string: '$0' },
          tax: { amount: 0, currency: 'USD', price_string: '$0' },
          created: '2026-01-01T00:00:00Z',
          lines: [],
        }
      : null,
  } as CheckoutReceipt;
}

describe('receipt polling', () => {
  it('reads an order as succeeded, failed and canceled as failed, everything else as pending', () => {
    expect(receiptView(receipt('succeeded', true))).toBe('succeeded');
    // Paid, but the webhook has not created the order yet.
    expect(receiptView(receipt('succeeded'))).toBe('pending');
    expect(receiptView(receipt('failed'))).toBe('failed');
    expect(receiptView(receipt('canceled'))).toBe('failed');
    expect(receiptView(receipt('requires_action'))).toBe('pending');
  });

  it('takes a provider return only while the attempt is open', () => {
    expect(isReceiptOpen(receipt('created'))).toBe(true);
    expect(isReceiptOpen(receipt('processing'))).toBe(true);
    expect(isReceiptOpen(receipt('requires_action'))).toBe(true);
    expect(isReceiptOpen(receipt('succeeded'))).toBe(false);
    expect(isReceiptOpen(receipt('failed'))).toBe(false);
  });

  it('polls every 3 s, backs off after 3 and 15 minutes, and stops once settled', () => {
    expect(receiptPollDelay(receipt('processing'), 0)).toBe(3_000);
    expect(receiptPollDelay(receipt('processing'), 3 * 60_000 - 1)).toBe(3_000);
    expect(receiptPollDelay(receipt('processing'), 3 * 60_000)).toBe(15_000);
    expect(receiptPollDelay(receipt('requires_action'), 15 * 60_000)).toBe(60_000);
    expect(receiptPollDelay(receipt('requires_action'), 3 * 24 * 3_600_000)).toBe(60_000);
    expect(receiptPollDelay(receipt('succeeded', true), 0)).toBe(false);
    expect(receiptPollDelay(receipt('failed'), 0)).toBe(false);
  });
});
