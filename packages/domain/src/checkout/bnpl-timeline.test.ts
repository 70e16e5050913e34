import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../money/currencies.js';
import { money, sumMoney } from '../money/money.js';
import { BNPL_INSTALMENTS, BNPL_INTERVAL_WEEKS, bnplPaymentLabel, bnplTimeline } from './bnpl-timeline.js';

const amounts = (total: number, currency: CurrencyCode, count: number, on?: 'first' | 'last') =>
  bnplTimeline(money(total, currency), count, on).map((payment) => payment.amount.amount);

describe('bnplTimeline (checkout §9, design §3)', () => {
  it('has 4 afterpay payments every 2 weeks', () => {
    expect(BNPL_INSTALMENTS.afterpay_clearpay).toBe(4);
    expect(BNPL_INTERVAL_WEEKS).toBe(2);
  });

  it("labels the first payment 'Today' and the others 'In N weeks'", () => {
    const timeline = bnplTimeline(money(10000, 'USD'), 4);
    expect(timeline).toEqual([
      { label: 'Today', weeksFromNow: 0, amount: money(2500, 'USD') },
      { label: 'In 2 weeks', weeksFromNow: 2, amount: money(2500, 'USD') },
      { label: 'In 4 weeks', weeksFromNow: 4, amount: money(2500, 'USD') },
      { label: 'In 6 weeks', weeksFromNow: 6, amount: money(2500, 'USD') },
    ]);
    expect(bnplPaymentLabel(0)).toBe('Today');
    expect(bnplPaymentLabel(8)).toBe('In 8 weeks');
  });

  it('puts the remainder of a total that does not divide on the first payment by default', () => {
    expect(amounts(10000, 'USD', 3)).toEqual([3334, 3333, 3333]); // 100.00 / 3
    expect(amounts(1999, 'USD', 4)).toEqual([499, 500, 500, 500]); // 4.9975 → 5.00 each, -0.01 on the first
    expect(amounts(10001, 'EUR', 4)).toEqual([2501, 2500, 2500, 2500]);
    expect(amounts(10003, 'EUR', 4)).toEqual([2500, 2501, 2501, 2501]); // 25.0075 rounds half-up
  });

  it('puts it on the last payment when asked', () => {
    expect(amounts(10000, 'USD', 3, 'last')).toEqual([3333, 3333, 3334]);
    expect(amounts(10003, 'GBP', 4, 'last')).toEqual([2501, 2501, 2501, 2500]);
  });

  it('splits zero-decimal currencies in whole units', () => {
    expect(amounts(10000, 'JPY', 3)).toEqual([3334, 3333, 3333]);
    expect(amounts(1001, 'KRW', 4, 'last')).toEqual([250, 250, 250, 251]);
    expect(amounts(50000, 'CLP', 4)).toEqual([12500, 12500, 12500, 12500]);
    const vnd = bnplTimeline(money(99999, 'VND'), 4);
    expect(vnd.every((payment) => payment.amount.currency === 'VND')).toBe(true);
    expect(vnd.map((payment) => payment.amount.amount)).toEqual([24999, 25000, 25000, 25000]);
  });

  it('gives the whole total to a single payment due today', () => {
    expect(bnplTimeline(money(1234, 'USD'), 1)).toEqual([
      { label: 'Today', weeksFromNow: 0, amount: money(1234, 'USD') },
    ]);
  });

  it('never makes a negative payment, even for a few minor units', () => {
    expect(amounts(2, 'USD', 4)).toEqual([2, 0, 0, 0]);
    expect(amounts(0, 'USD', 4)).toEqual([0, 0, 0, 0]);
    expect(amounts(6, 'USD', 4)).toEqual([0, 2, 2, 2]);
  });

  it('always adds up exactly to the total, with every part ≥ 0', () => {
    const failures: string[] = [];
    for (const currency of ['USD', 'JPY'] as const) {
      for (let total = 0; total <= 500; total += 1) {
        for (let count = 1; count <= 6; count += 1) {
          for (const on of ['first', 'last'] as const) {
            const parts = bnplTimeline(money(total, currency), count, on).map((payment) => payment.amount);
            const exact = parts.length === count && sumMoney(parts, currency).amount === total;
            if (!exact || parts.some((part) => part.amount < 0))
              failures.push(`${total} ${currency} / ${count}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('rejects a count that is not a positive whole number and a negative total', () => {
    for (const count of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => bnplTimeline(money(1000, 'USD'), count)).toThrow(RangeError);
    }
    expect(() => bnplTimeline(money(-1000, 'USD'), 4)).toThrow(RangeError);
  });
});
