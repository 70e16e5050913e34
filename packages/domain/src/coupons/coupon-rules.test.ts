import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import { isWellFormedCouponCode, normalizeCouponCode } from './coupon-code.js';
import { bestDiscount, couponValidity, discountedPrice } from './coupon-rules.js';

describe('coupon codes (platform §5)', () => {
  it('accepts letters, digits, dot, underscore and hyphen, 4 to 255 long', () => {
    expect(isWellFormedCouponCode('LECTERN10')).toBe(true);
    expect(isWellFormedCouponCode('spring_sale-2026.v2')).toBe(true);
    expect(isWellFormedCouponCode('ABC')).toBe(false);
    expect(isWellFormedCouponCode('A'.repeat(256))).toBe(false);
    expect(isWellFormedCouponCode('NO SPACES')).toBe(false);
    expect(isWellFormedCouponCode('EMOJI🎉')).toBe(false);
  });

  it('upper-cases before applying', () => {
    expect(normalizeCouponCode(' lectern10 ')).toBe('LECTERN10');
  });
});

describe('couponValidity', () => {
  const base = {
    startsAt: new Date('2026-01-01'),
    endsAt: new Date('2027-01-01'),
    usageLimit: 10,
    usesTaken: 0,
  };
  const now = new Date('2026-06-01');
  it('is valid inside its dates and under its limit', () => {
    expect(couponValidity(base, now)).toBe('valid');
    expect(couponValidity({ ...base, usageLimit: null, usesTaken: 999 }, now)).toBe('valid');
  });
  it('is invalid before it starts and expired from its end on', () => {
    expect(couponValidity(base, new Date('2025-12-31'))).toBe('invalid');
    expect(couponValidity(base, new Date('2027-01-01'))).toBe('expired');
  });
  it('is sold out when the uses reach the limit', () => {
    expect(couponValidity({ ...base, usesTaken: 10 }, now)).toBe('sold_out');
  });
});

describe('discountedPrice', () => {
  it('takes a percentage off with half-up rounding on the minor unit', () => {
    expect(discountedPrice(money(1999, 'USD'), { kind: 'percentage', percent: 10 })).toEqual(
      money(1799, 'USD'),
    );
    // 12.5% of 1999 = 249.875 → 250 off
    expect(discountedPrice(money(1999, 'USD'), { kind: 'percentage', percent: 12.5 })).toEqual(
      money(1749, 'USD'),
    );
    // 15% of 2999 = 449.85 → 450 off
    expect(discountedPrice(money(2999, 'USD'), { kind: 'percentage', percent: 15 })).toEqual(
      money(2549, 'USD'),
    );
  });

  it('rounds zero-decimal currencies to whole units', () => {
    // 10% of ¥2,999 = 299.9 → 300 off
    expect(discountedPrice(money(2999, 'JPY'), { kind: 'percentage', percent: 10 })).toEqual(
      money(2699, 'JPY'),
    );
    // 5% of ₩13,010 = 650.5 → 651 off (half up)
    expect(discountedPrice(money(13010, 'KRW'), { kind: 'percentage', percent: 5 })).toEqual(
      money(12359, 'KRW'),
    );
  });

  it('never goes below zero or above the list price', () => {
    expect(discountedPrice(money(500, 'USD'), { kind: 'fixed_amount', amount: money(1000, 'USD') })).toEqual(
      money(0, 'USD'),
    );
    expect(discountedPrice(money(1999, 'USD'), { kind: 'percentage', percent: 150 })).toEqual(
      money(0, 'USD'),
    );
    expect(
      discountedPrice(money(1999, 'USD'), { kind: 'target_price', targetAmount: money(2999, 'USD') }),
    ).toEqual(money(1999, 'USD'));
  });

  it('leaves the price when a fixed or target amount is in another currency', () => {
    expect(discountedPrice(money(1999, 'USD'), { kind: 'fixed_amount', amount: money(500, 'EUR') })).toEqual(
      money(1999, 'USD'),
    );
    expect(
      discountedPrice(money(1999, 'USD'), { kind: 'target_price', targetAmount: money(999, 'EUR') }),
    ).toEqual(money(1999, 'USD'));
  });
});

describe('bestDiscount', () => {
  const tenPercent = { code: 'TEN', discount: { kind: 'percentage', percent: 10 } as const };
  const fiveOff = { code: 'FIVE', discount: { kind: 'fixed_amount', amount: money(500, 'USD') } as const };
  const tier = {
    code: 'TIER',
    discount: { kind: 'target_price', targetAmount: money(1299, 'USD') } as const,
  };

  it('picks the coupon giving the lowest price', () => {
    expect(bestDiscount(money(1999, 'USD'), [tenPercent, fiveOff, tier])).toEqual({
      coupon: tier,
      price: money(1299, 'USD'),
    });
    expect(bestDiscount(money(8499, 'USD'), [tenPercent, fiveOff])?.coupon.code).toBe('TEN');
  });

  it('returns null when no coupon lowers the price', () => {
    expect(bestDiscount(money(999, 'USD'), [tier])).toBeNull();
    expect(bestDiscount(money(0, 'USD'), [tenPercent])).toBeNull();
  });

  it('breaks ties in favour of the earlier coupon', () => {
    const alsoTen = { code: 'ALSO', discount: { kind: 'percentage', percent: 10 } as const };
    expect(bestDiscount(money(1000, 'USD'), [tenPercent, alsoTen])?.coupon.code).toBe('TEN');
  });
});
