import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponUseReleased,
  daysSincePurchase,
  linePaidAmount,
  REFUND_WINDOW_DAYS,
  refundDeadline,
  refundRefusalOf,
  refundSplitsOf,
} from './refund-rules.js';
import { purchaseDocumentNumber, purchasePaymentLabel } from './payment-labels.js';

const at = (iso: string) => new Date(iso);

describe('the 30-day refund window', () => {
  const bought = at('2026-03-01T22:30:00Z');
  const line = { purchasedAt: bought, paid: 1999, refundRequested: false, orderCompleted: true };

  it('counts calendar days from the day of purchase (day 0)', () => {
    expect(daysSincePurchase(bought, at('2026-03-01T23:59:59Z'))).toBe(0);
    expect(daysSincePurchase(bought, at('2026-03-02T00:00:00Z'))).toBe(1);
    expect(daysSincePurchase(bought, at('2026-03-31T12:00:00Z'))).toBe(30);
  });

  it('allows day 30 and refuses day 31', () => {
    expect(refundRefusalOf({ ...line, now: at('2026-03-31T23:59:59Z') })).toBeNull();
    expect(refundRefusalOf({ ...line, now: at('2026-04-01T00:00:00Z') })).toBe('refund_window_closed');
  });

  it('ends at the last millisecond of day 30', () => {
    expect(refundDeadline(bought).toISOString()).toBe('2026-03-31T23:59:59.999Z');
    expect(REFUND_WINDOW_DAYS).toBe(30);
  });

  it('refuses a second request, a free course and an unpaid order first', () => {
    const now = at('2026-03-02T00:00:00Z');
    expect(refundRefusalOf({ ...line, now, refundRequested: true })).toBe('already_refunded');
    expect(refundRefusalOf({ ...line, now, paid: 0 })).toBe('nothing_to_refund');
    expect(refundRefusalOf({ ...line, now, orderCompleted: false })).toBe('payment_pending');
  });
});

describe('refundSplitsOf', () => {
  it('gives a card-only order back to the card', () => {
    expect(
      refundSplitsOf({ currency: 'USD', linePaid: [1999, 2999], providerAmount: 4998, creditAmount: 0 }),
    ).toEqual([
      { provider: 1999, credit: 0 },
      { provider: 2999, credit: 0 },
    ]);
  });

  it('gives a credit-only order back to credit', () => {
    expect(
      refundSplitsOf({ currency: 'USD', linePaid: [1999], providerAmount: 0, creditAmount: 1999 }),
    ).toEqual([{ provider: 0, credit: 1999 }]);
  });

  it('splits a mixed order in its proportion', () => {
    // $25.00 credit and $24.98 by card over two lines of $19.99 and $29.99.
    const splits = refundSplitsOf({
      currency: 'USD',
      linePaid: [1999, 2999],
      providerAmount: 2498,
      creditAmount: 2500,
    });
    expect(splits.map((split) => split.provider + split.credit)).toEqual([1999, 2999]);
    expect(splits.reduce((sum, split) => sum + split.provider, 0)).toBe(2498);
  });

  it('refuses lines that do not add up to what was paid', () => {
    expect(() =>
      refundSplitsOf({ currency: 'USD', linePaid: [1000], providerAmount: 900, creditAmount: 0 }),
    ).toThrow(RangeError);
  });

  it('never gives back more than was paid, to either side, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (linePaid, creditShare) => {
          const paid = linePaid.reduce((sum, amount) => sum + amount, 0);
          const creditAmount = Math.floor(paid * creditShare);
          const splits = refundSplitsOf({
            currency: 'JPY',
            linePaid,
            providerAmount: paid - creditAmount,
            creditAmount,
          });
          splits.forEach((split, index) => {
            expect(split.provider).toBeGreaterThanOrEqual(0);
            expect(split.credit).toBeGreaterThanOrEqual(0);
            expect(split.provider + split.credit).toBe(linePaid[index]);
          });
          expect(splits.reduce((sum, split) => sum + split.provider, 0)).toBe(paid - creditAmount);
          expect(splits.reduce((sum, split) => sum + split.credit, 0)).toBe(creditAmount);
        },
      ),
    );
  });
});

describe('linePaidAmount', () => {
  it('adds tax only where it was added on top', () => {
    expect(linePaidAmount({ price: 1999, tax: 130 }, true)).toBe(2129);
    expect(linePaidAmount({ price: 1999, tax: 333 }, false)).toBe(1999);
  });
});

describe('couponUseReleased', () => {
  it('gives the use back once every course bought with the code is refunded', () => {
    expect(couponUseReleased([{ refunded: true }, { refunded: false }])).toBe(false);
    expect(couponUseReleased([{ refunded: true }, { refunded: true }])).toBe(true);
    expect(couponUseReleased([])).toBe(false);
  });
});

describe('payment labels and document numbers', () => {
  it('names cards by brand and last four, other methods by name', () => {
    expect(purchasePaymentLabel({ type: 'card', brand: 'visa', last4: '4242' })).toBe('Visa ****4242');
    expect(purchasePaymentLabel({ type: 'card', brand: null, last4: null })).toBe('Card');
    expect(purchasePaymentLabel({ type: 'ideal', brand: null, last4: null })).toBe('iDEAL');
    expect(purchasePaymentLabel({ type: 'account_credit', brand: null, last4: null })).toBe('Account credit');
    expect(purchasePaymentLabel({ type: 'doku_alfamart', brand: null, last4: null })).toBe('Doku');
  });

  it('prints numbers with their series and six digits', () => {
    expect(purchaseDocumentNumber('INV', 42)).toBe('INV-000042');
    expect(purchaseDocumentNumber('CN', 1234567)).toBe('CN-1234567');
  });
});
