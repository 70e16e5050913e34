import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedPrice } from '../coupons/coupon-rules.js';
import { CURRENCY_CODES } from '../money/currencies.js';
import { money } from '../money/money.js';
import { addInterval } from './billing-periods.js';
import {
  isRetentionDiscountedPeriod,
  RETENTION_OFFER_IDS,
  RETENTION_OFFERS,
  retentionDiscountedPrice,
  retentionOfferQuote,
  retentionOfferTermsFor,
  retentionOfferUnavailableReason,
  retentionOfferViewOf,
  retentionOfferWindow,
  type RetentionOfferCandidate,
} from './retention-offer.js';
import { chargeWithTax } from './subscription-pricing.js';

const utc = (text: string) => new Date(`${text}T00:00:00Z`);
const MONTH = { type: 'MONTH', count: 1 } as const;
const YEAR = { type: 'YEAR', count: 1 } as const;

describe('retention offer terms', () => {
  it('gives monthly plans two months at half price and annual plans a year at a quarter off', () => {
    expect(retentionOfferTermsFor(MONTH)).toEqual({ id: 'stay-2-months-50-off', percentOff: 50, periods: 2 });
    expect(retentionOfferTermsFor(YEAR)).toEqual({ id: 'stay-1-year-25-off', percentOff: 25, periods: 1 });
    expect(retentionOfferTermsFor({ type: 'WEEK', count: 1 })).toBeNull();
    expect(retentionOfferTermsFor({ type: 'MONTH', count: 3 })).toBeNull();
    expect(RETENTION_OFFER_IDS).toEqual([RETENTION_OFFERS.MONTH.id, RETENTION_OFFERS.YEAR.id]);
  });
});

describe('retentionOfferUnavailableReason', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const plan = (overrides: Partial<RetentionOfferCandidate> = {}): RetentionOfferCandidate => ({
    subscriberType: 'user',
    state: 'ACTIVE',
    renewalInterval: MONTH,
    currentPeriodEnd: utc('2026-07-01'),
    alreadyAccepted: false,
    ...overrides,
  });

  it('offers it to an active personal plan that would renew', () => {
    expect(retentionOfferUnavailableReason(plan(), now)).toBeNull();
  });

  it('refuses Team Plans, trials, plans not in good standing, and a second offer', () => {
    expect(retentionOfferUnavailableReason(plan({ subscriberType: 'organization' }), now)).toBe(
      'not_personal_plan',
    );
    expect(retentionOfferUnavailableReason(plan({ state: 'TRIAL' }), now)).toBe('in_trial');
    expect(retentionOfferUnavailableReason(plan({ state: 'CANCELED' }), now)).toBe('cancelled');
    expect(retentionOfferUnavailableReason(plan({ state: 'PAST_DUE' }), now)).toBe('past_due');
    expect(retentionOfferUnavailableReason(plan({ state: 'EXPIRED' }), now)).toBe('expired');
    expect(retentionOfferUnavailableReason(plan({ state: 'FUTURE' }), now)).toBe('expired');
    expect(retentionOfferUnavailableReason(plan({ alreadyAccepted: true }), now)).toBe('already_accepted');
    expect(retentionOfferUnavailableReason(plan({ renewalInterval: { type: 'DAY', count: 1 } }), now)).toBe(
      'interval_not_offered',
    );
    expect(retentionOfferUnavailableReason(plan({ currentPeriodEnd: now }), now)).toBe('renewal_due');
  });

  it('names the plan kind before its state: a cancelled Team Plan is a Team Plan', () => {
    expect(
      retentionOfferUnavailableReason(plan({ subscriberType: 'organization', state: 'CANCELED' }), now),
    ).toBe('not_personal_plan');
    expect(retentionOfferUnavailableReason(plan({ state: 'TRIAL', alreadyAccepted: true }), now)).toBe(
      'in_trial',
    );
  });
});

describe('retentionDiscountedPrice', () => {
  it('takes the percentage off, the amount off rounded half-up on the minor unit', () => {
    expect(retentionDiscountedPrice(money(3000, 'USD'), 50)).toEqual(money(1500, 'USD'));
    expect(retentionDiscountedPrice(money(24000, 'USD'), 25)).toEqual(money(18000, 'USD'));
    // 50% of 29.99 is 14.995 off: 15.00 off, 14.99 to pay.
    expect(retentionDiscountedPrice(money(2999, 'USD'), 50)).toEqual(money(1499, 'USD'));
    // 12.5% of 1.00 is 12.5 cents off: 13 off.
    expect(retentionDiscountedPrice(money(100, 'EUR'), 12.5)).toEqual(money(87, 'EUR'));
  });

  it('rounds on the yen in zero-decimal currencies', () => {
    expect(retentionDiscountedPrice(money(4500, 'JPY'), 50)).toEqual(money(2250, 'JPY'));
    // 4,501 × 50% = 2,250.5 off: 2,251 off.
    expect(retentionDiscountedPrice(money(4501, 'JPY'), 50)).toEqual(money(2250, 'JPY'));
    expect(retentionDiscountedPrice(money(36000, 'JPY'), 25)).toEqual(money(27000, 'JPY'));
  });

  it('keeps the price at 0% and makes it free at 100%', () => {
    expect(retentionDiscountedPrice(money(1234, 'USD'), 0)).toEqual(money(1234, 'USD'));
    expect(retentionDiscountedPrice(money(1234, 'USD'), 100)).toEqual(money(0, 'USD'));
    expect(retentionDiscountedPrice(money(0, 'USD'), 50)).toEqual(money(0, 'USD'));
  });

  it('refuses a negative price or a discount outside 0–100%', () => {
    expect(() => retentionDiscountedPrice(money(-1, 'USD'), 50)).toThrow(RangeError);
    expect(() => retentionDiscountedPrice(money(100, 'USD'), -1)).toThrow(RangeError);
    expect(() => retentionDiscountedPrice(money(100, 'USD'), 101)).toThrow(RangeError);
    expect(() => retentionDiscountedPrice(money(100, 'USD'), Number.NaN)).toThrow(RangeError);
  });

  const currency = fc.constantFrom(...CURRENCY_CODES);
  /** A percentage with at most two decimals, as the offers are written. */
  const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);

  it('is never negative and never above the list price, in every currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        percent,
        currency,
        (amount, pct, code) => {
          const price = retentionDiscountedPrice(money(amount, code), pct);
          expect(price.currency).toBe(code);
          expect(Number.isSafeInteger(price.amount)).toBe(true);
          expect(price.amount).toBeGreaterThanOrEqual(0);
          expect(price.amount).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });

  it('takes off the exact share rounded half-up: within half a minor unit of the true price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), percent, (amount, pct) => {
        const price = retentionDiscountedPrice(money(amount, 'USD'), pct).amount;
        // In ten-thousandths of a minor unit, exactly: the true price is amount × (10000 − p) / 10000.
        const hundredths = BigInt(Math.round(pct * 100));
        const exact = BigInt(amount) * (10_000n - hundredths);
        const error = BigInt(price) * 10_000n - exact;
        // The amount off is rounded half-up (a half goes to the subscriber): −½ ≤ error < ½.
        expect(error * 2n >= -10_000n).toBe(true);
        expect(error * 2n < 10_000n).toBe(true);
      }),
    );
  });

  it('charges less for a larger discount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), percent, percent, (amount, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(retentionDiscountedPrice(money(amount, 'EUR'), high).amount).toBeLessThanOrEqual(
          retentionDiscountedPrice(money(amount, 'EUR'), low).amount,
        );
      }),
    );
  });

  it('agrees with a percentage discount code on the same price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), percent, currency, (amount, pct, code) => {
        expect(retentionDiscountedPrice(money(amount, code), pct)).toEqual(
          discountedPrice(money(amount, code), { kind: 'percentage', percent: pct }),
        );
      }),
    );
  });
});

describe('retentionOfferWindow', () => {
  it('steps the periods one interval at a time, as renewals do', () => {
    const window = retentionOfferWindow(utc('2027-01-31'), MONTH, 2);
    expect(window.chargeDates.map((date) => date.toISOString())).toEqual([
      '2027-01-31T00:00:00.000Z',
      '2027-02-28T00:00:00.000Z',
    ]);
    // Two single steps: 28 March, not 31 March.
    expect(window.endsAt.toISOString()).toBe('2027-03-28T00:00:00.000Z');
    expect(isRetentionDiscountedPeriod(window, utc('2027-01-31'))).toBe(true);
    expect(isRetentionDiscountedPeriod(window, utc('2027-02-28'))).toBe(true);
    expect(isRetentionDiscountedPeriod(window, utc('2027-03-28'))).toBe(false);
    expect(isRetentionDiscountedPeriod(window, utc('2026-12-31'))).toBe(false);
  });

  it('covers an annual plan for one year', () => {
    const window = retentionOfferWindow(utc('2026-03-05'), YEAR, 1);
    expect(window.endsAt.toISOString()).toBe('2027-03-05T00:00:00.000Z');
    expect(() => retentionOfferWindow(utc('2026-03-05'), YEAR, 0)).toThrow(RangeError);
  });

  it('discounts exactly the offered number of renewal periods', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(MONTH, YEAR),
        fc.integer({ min: 1, max: 6 }),
        (start, interval, periods) => {
          const window = retentionOfferWindow(start, interval, periods);
          // The renewals' period chain from the first discounted one, and a few after it.
          let at = start;
          let discounted = 0;
          for (let step = 0; step < periods + 3; step += 1) {
            if (isRetentionDiscountedPeriod(window, at)) discounted += 1;
            at = addInterval(at, interval);
          }
          expect(discounted).toBe(periods);
        },
      ),
    );
  });
});

describe('retentionOfferQuote', () => {
  it('prices a monthly Personal Plan in Seattle: tax on the discounted price, each tax rounded', () => {
    const quote = retentionOfferQuote({
      terms: RETENTION_OFFERS.MONTH,
      unitPrice: money(3000, 'USD'),
      licenses: 1,
      renewalInterval: MONTH,
      taxRates: [6.5, 4.05],
      taxMode: 'tax_exclusive',
      firstPeriodStart: utc('2027-03-05'),
    });
    expect(quote.regular.total).toEqual(money(3317, 'USD'));
    // 15.00 + 0.98 (6.5%: 0.975) + 0.61 (4.05%: 0.6075)
    expect(quote.discounted).toEqual(chargeWithTax(money(1500, 'USD'), [6.5, 4.05], 'tax_exclusive'));
    expect(quote.discounted.total).toEqual(money(1659, 'USD'));
    expect(quote.totalSavings).toEqual(money((3317 - 1659) * 2, 'USD'));
    expect(quote.discountedUnitPrice).toEqual(money(1500, 'USD'));
    expect(retentionOfferViewOf(quote)).toEqual({
      offer_id: 'stay-2-months-50-off',
      percent_off: 50,
      periods: 2,
      renewal_interval: MONTH,
      regular_price: { amount: 3317, currency: 'USD' },
      discounted_price: { amount: 1659, currency: 'USD' },
      discounted_tax: { amount: 159, currency: 'USD' },
      total_savings: { amount: 3316, currency: 'USD' },
      discount_starts_at: '2027-03-05T00:00:00.000Z',
      discount_ends_at: '2027-05-05T00:00:00.000Z',
      charge_dates: ['2027-03-05T00:00:00.000Z', '2027-04-05T00:00:00.000Z'],
    });
  });

  it('takes tax out of a discounted tax-inclusive price', () => {
    const quote = retentionOfferQuote({
      terms: RETENTION_OFFERS.YEAR,
      unitPrice: money(22000, 'EUR'),
      licenses: 1,
      renewalInterval: YEAR,
      taxRates: 19,
      taxMode: 'tax_inclusive',
      firstPeriodStart: utc('2027-01-01'),
    });
    expect(quote.discounted.total).toEqual(money(16500, 'EUR'));
    // 165.00 × 19 / 119 = 26.34…
    expect(quote.discounted.tax).toEqual(money(2634, 'EUR'));
    expect(quote.endsAt.toISOString()).toBe('2028-01-01T00:00:00.000Z');
  });

  it('never charges a discounted period more than a regular one, nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(
          fc.integer({ min: 0, max: 2_500 }).map((r) => r / 100),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom('tax_exclusive' as const, 'tax_inclusive' as const),
        fc.constantFrom(RETENTION_OFFERS.MONTH, RETENTION_OFFERS.YEAR),
        (unit, licenses, rates, mode, terms) => {
          const quote = retentionOfferQuote({
            terms,
            unitPrice: money(unit, 'USD'),
            licenses,
            renewalInterval: terms === RETENTION_OFFERS.MONTH ? MONTH : YEAR,
            taxRates: rates,
            taxMode: mode,
            firstPeriodStart: utc('2027-01-01'),
          });
          expect(quote.discounted.total.amount).toBeGreaterThanOrEqual(0);
          expect(quote.discounted.tax.amount).toBeGreaterThanOrEqual(0);
          expect(quote.discounted.subtotal.amount).toBeLessThanOrEqual(quote.regular.subtotal.amount);
          expect(quote.discounted.total.amount).toBeLessThanOrEqual(quote.regular.total.amount);
          expect(quote.totalSavings.amount).toBeGreaterThanOrEqual(0);
          expect(quote.chargeDates).toHaveLength(terms.periods);
        },
      ),
    );
  });
});
