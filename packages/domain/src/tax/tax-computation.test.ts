import { describe, expect, it } from 'vitest';
import { money, sumMoney, type Money } from '../money/money.js';
import fc from 'fast-check';
import {
  allocateProportionally,
  computeComponentTaxes,
  computeTax,
  TAX_EXCLUSIVE_COUNTRIES,
  taxModeOf,
} from './tax-computation.js';

const usd = (amount: number) => money(amount, 'USD');
const jpy = (amount: number) => money(amount, 'JPY');
const amounts = (values: readonly Money[]) => values.map((value) => value.amount);

describe('taxModeOf (design §3)', () => {
  it('adds tax on top in the US and Canada only', () => {
    expect(TAX_EXCLUSIVE_COUNTRIES).toEqual(['US', 'CA']);
    expect(taxModeOf('US')).toBe('tax_exclusive');
    expect(taxModeOf('CA')).toBe('tax_exclusive');
    expect(taxModeOf('us')).toBe('tax_exclusive');
    for (const country of ['DE', 'FR', 'GB', 'JP', 'IN', 'AE', 'BR', 'AU']) {
      expect(taxModeOf(country)).toBe('tax_inclusive');
    }
  });
});

describe('allocateProportionally', () => {
  it('splits in proportion when it divides', () => {
    expect(amounts(allocateProportionally(usd(600), [1000, 2000, 3000]))).toEqual([100, 200, 300]);
  });

  it('gives the remainder one unit at a time so the parts add up', () => {
    // 100 over three equal weights: 33.33 each; the one cent left goes to the first.
    expect(amounts(allocateProportionally(usd(100), [1, 1, 1]))).toEqual([34, 33, 33]);
    expect(amounts(allocateProportionally(usd(200), [1, 1, 1]))).toEqual([67, 67, 66]);
  });

  it('gives the units left to the largest remainders first', () => {
    // Exact shares 1.5, 2.9, 5.6 → floors 1, 2, 5 (8); the 2 left go to 2.9 and 5.6.
    expect(amounts(allocateProportionally(usd(10), [15, 29, 56]))).toEqual([1, 3, 6]);
  });

  it('adds up exactly for awkward amounts', () => {
    const weights = [1999, 2999, 4999, 1, 12345];
    for (const total of [0, 1, 7, 999, 12_345, 1_000_003]) {
      const parts = allocateProportionally(usd(total), weights);
      expect(sumMoney(parts, 'USD').amount).toBe(total);
      expect(parts.every((part) => part.currency === 'USD' && part.amount >= 0)).toBe(true);
    }
  });

  it('gives zero-weight parts nothing, and splits evenly when all weights are zero', () => {
    expect(amounts(allocateProportionally(usd(10), [0, 5, 0]))).toEqual([0, 10, 0]);
    expect(amounts(allocateProportionally(usd(10), [0, 0, 0]))).toEqual([4, 3, 3]);
  });

  it('splits a negative total as its absolute value', () => {
    expect(amounts(allocateProportionally(usd(-100), [1, 1, 1]))).toEqual([-34, -33, -33]);
  });

  it('stays exact beyond double precision in the intermediate products', () => {
    const big = 2 ** 52;
    const parts = allocateProportionally(usd(big), [big - 1, big + 1]);
    expect(parts[0]!.amount + parts[1]!.amount).toBe(big);
  });

  it('refuses weights that are not non-negative integers, and a non-zero total over nothing', () => {
    expect(() => allocateProportionally(usd(10), [1.5, 1])).toThrow(RangeError);
    expect(() => allocateProportionally(usd(10), [-1, 2])).toThrow(RangeError);
    expect(() => allocateProportionally(usd(10), [])).toThrow(RangeError);
    expect(allocateProportionally(usd(0), [])).toEqual([]);
  });
});

describe('computeTax, tax-exclusive (US, CA)', () => {
  it('adds the rate on top', () => {
    const tax = computeTax([usd(10_000)], 10, 'tax_exclusive');
    expect(tax.total).toEqual(usd(1000));
    expect(tax.lineTaxes).toEqual([usd(1000)]);
  });

  it('handles a fractional rate like 8.875% exactly, rounding half-up', () => {
    // 19.99 × 8.875% = 1.77411… → 1.77
    expect(computeTax([usd(1999)], 8.875, 'tax_exclusive').total).toEqual(usd(177));
    // 2.00 × 8.875% = 0.1775 → 0.18 (the half goes up)
    expect(computeTax([usd(200)], 8.875, 'tax_exclusive').total).toEqual(usd(18));
    // 1.00 × 7.25% = 0.0725 → 0.07
    expect(computeTax([usd(100)], 7.25, 'tax_exclusive').total).toEqual(usd(7));
    // 0.10 × 5% = 0.005 → 0.01 (exactly half: up)
    expect(computeTax([usd(10)], 5, 'tax_exclusive').total).toEqual(usd(1));
  });

  it('rounds once on the total and allocates it across three equal lines', () => {
    // 3 × 19.99 = 59.97; × 8.875% = 5.32234 → 5.32, split 1.78 + 1.77 + 1.77
    const tax = computeTax([usd(1999), usd(1999), usd(1999)], 8.875, 'tax_exclusive');
    expect(tax.total).toEqual(usd(532));
    expect(amounts(tax.lineTaxes)).toEqual([178, 177, 177]);
  });

  it('allocates in proportion to the line prices', () => {
    // 10.00 + 30.00 at 13% = 5.20 → 1.30 and 3.90
    const tax = computeTax([usd(1000), usd(3000)], 13, 'tax_exclusive');
    expect(amounts(tax.lineTaxes)).toEqual([130, 390]);
  });

  it('reads the rate as the decimal that was written (14.975%)', () => {
    // 100.00 × 14.975% = 14.975 → 14.98
    expect(computeTax([usd(10_000)], 14.975, 'tax_exclusive').total).toEqual(usd(1498));
  });
});

describe('computeTax, tax-inclusive (everyone else)', () => {
  it('takes the tax out of the price: price × rate / (1 + rate)', () => {
    // 119.00 including 19% VAT contains 19.00
    expect(computeTax([money(11_900, 'EUR')], 19, 'tax_inclusive').total).toEqual(money(1900, 'EUR'));
    // 19.99 including 20% = 3.331666… → 3.33
    expect(computeTax([money(1999, 'GBP')], 20, 'tax_inclusive').total).toEqual(money(333, 'GBP'));
    // 9.99 including 21% = 1.73379… → 1.73
    expect(computeTax([money(999, 'EUR')], 21, 'tax_inclusive').total).toEqual(money(173, 'EUR'));
  });

  it('rounds half-up in inclusive mode too', () => {
    // At 20% the tax is a sixth of the price: 9 cents contain 1.5 → 2, 3 cents contain 0.5 → 1.
    expect(computeTax([usd(9)], 20, 'tax_inclusive').total).toEqual(usd(2));
    expect(computeTax([usd(3)], 20, 'tax_inclusive').total).toEqual(usd(1));
    // 0.21 including 10% contains 0.0190… → 0.02
    expect(computeTax([usd(21)], 10, 'tax_inclusive').total).toEqual(usd(2));
  });

  it('allocates the tax across equal lines so the shares add up', () => {
    // 3 × 10.00 including 18% (IN GST) = 4.576… → 4.58, split 1.53 + 1.53 + 1.52
    const tax = computeTax([money(1000, 'INR'), money(1000, 'INR'), money(1000, 'INR')], 18, 'tax_inclusive');
    expect(tax.total).toEqual(money(458, 'INR'));
    expect(amounts(tax.lineTaxes)).toEqual([153, 153, 152]);
  });
});

describe('computeTax in zero-decimal currencies (JPY, KRW, CLP, VND)', () => {
  it('computes whole yen, inclusive', () => {
    // ¥1,200 including 10% = 109.09 → ¥109
    expect(computeTax([jpy(1200)], 10, 'tax_inclusive').total).toEqual(jpy(109));
    // ¥2,400 + ¥1,800 + ¥1,200 = ¥5,400; 10/110 = 490.9 → ¥491, split 218 / 164 / 109
    const tax = computeTax([jpy(2400), jpy(1800), jpy(1200)], 10, 'tax_inclusive');
    expect(tax.total).toEqual(jpy(491));
    expect(amounts(tax.lineTaxes)).toEqual([218, 164, 109]);
  });

  it('computes whole units for KRW, CLP and VND', () => {
    expect(computeTax([money(15_000, 'KRW')], 10, 'tax_inclusive').total).toEqual(money(1364, 'KRW'));
    expect(computeTax([money(9990, 'CLP')], 19, 'tax_inclusive').total).toEqual(money(1595, 'CLP'));
    expect(computeTax([money(199_000, 'VND')], 10, 'tax_inclusive').total).toEqual(money(18_091, 'VND'));
  });

  it('splits a yen amount that does not divide across three equal lines', () => {
    // ¥999 × 3 including 10% contains 272.45 → ¥272, split 91 + 91 + 90
    const tax = computeTax([jpy(999), jpy(999), jpy(999)], 10, 'tax_inclusive');
    expect(tax.total).toEqual(jpy(272));
    expect(amounts(tax.lineTaxes)).toEqual([91, 91, 90]);
    // ¥1,001 × 3 at 8.875% on top = 266.52 → ¥267, split 89 + 89 + 89
    expect(amounts(computeTax([jpy(1001), jpy(1001), jpy(1001)], 8.875, 'tax_exclusive').lineTaxes)).toEqual([
      89, 89, 89,
    ]);
  });
});

describe('computeTax edge cases', () => {
  it('a zero rate gives zero tax on every line', () => {
    const tax = computeTax([usd(1999), usd(500)], 0, 'tax_exclusive');
    expect(tax.total).toEqual(usd(0));
    expect(tax.lineTaxes).toEqual([usd(0), usd(0)]);
    expect(computeTax([usd(1999)], 0, 'tax_inclusive').total).toEqual(usd(0));
  });

  it('free lines pay no tax', () => {
    const tax = computeTax([usd(0), usd(0)], 20, 'tax_inclusive');
    expect(tax.total).toEqual(usd(0));
    expect(tax.lineTaxes).toEqual([usd(0), usd(0)]);
  });

  it('no lines: zero tax in the given currency', () => {
    expect(computeTax([], 10, 'tax_exclusive', 'EUR')).toEqual({
      lineTaxes: [],
      componentTaxes: [money(0, 'EUR')],
      total: money(0, 'EUR'),
    });
    expect(() => computeTax([], 10, 'tax_exclusive')).toThrow(RangeError);
  });

  it('refuses mixed currencies, negative prices and bad rates', () => {
    expect(() => computeTax([usd(100), money(100, 'EUR')], 10, 'tax_exclusive')).toThrow(TypeError);
    expect(() => computeTax([usd(-100)], 10, 'tax_exclusive')).toThrow(RangeError);
    expect(() => computeTax([usd(100)], -1, 'tax_exclusive')).toThrow(RangeError);
    expect(() => computeTax([usd(100)], Number.NaN, 'tax_exclusive')).toThrow(RangeError);
    expect(() => computeTax([usd(100)], Number.POSITIVE_INFINITY, 'tax_inclusive')).toThrow(RangeError);
  });

  it('stays exact for large amounts', () => {
    // $90,071,992,547,409.91 × 10% = $9,007,199,254,740.991 → …740.99; the products exceed 2^53
    expect(computeTax([usd(9_007_199_254_740_991)], 10, 'tax_exclusive').total).toEqual(
      usd(900_719_925_474_099),
    );
  });
});

describe('computeComponentTaxes (taxes that add up: GST + QST, state + county + city)', () => {
  it('rounds each tax on its own when added on top, as the receipt prints one row per tax', () => {
    // Québec: GST 5% of $19.99 = 99.95¢ → $1.00; QST 9.975% = 199.40¢ → $1.99.
    const tax = computeComponentTaxes([usd(1999)], [5, 9.975], 'tax_exclusive');
    expect(amounts(tax.componentTaxes)).toEqual([100, 199]);
    expect(tax.total).toEqual(usd(299));
    expect(amounts(tax.lineTaxes)).toEqual([299]);
  });

  it('takes the combined rate out of an inclusive price once, then splits it by rate', () => {
    // 119 includes 19% in two parts of 10% and 9%: 19 of tax, split 10 : 9.
    const tax = computeComponentTaxes([money(11900, 'EUR')], [10, 9], 'tax_inclusive');
    expect(tax.total).toEqual(money(1900, 'EUR'));
    expect(amounts(tax.componentTaxes)).toEqual([1000, 900]);
  });

  it('is computeTax for one component, and zero for none', () => {
    const lines = [usd(1999), usd(4999), usd(1)];
    for (const mode of ['tax_exclusive', 'tax_inclusive'] as const) {
      expect(computeComponentTaxes(lines, [8.875], mode)).toEqual(computeTax(lines, 8.875, mode));
      const none = computeComponentTaxes(lines, [], mode);
      expect(none.total).toEqual(usd(0));
      expect(none.componentTaxes).toEqual([]);
      expect(amounts(none.lineTaxes)).toEqual([0, 0, 0]);
    }
  });

  it('keeps zero-decimal currencies whole', () => {
    const tax = computeComponentTaxes([jpy(1480), jpy(2400)], [7.8, 2.2], 'tax_inclusive');
    expect(tax.total).toEqual(jpy(353));
    expect(sumMoney(tax.componentTaxes, 'JPY')).toEqual(jpy(353));
  });

  it('lines and components always add up to the total to the minor unit (property)', () => {
    const rate = fc.integer({ min: 0, max: 30_000_000 }).map((micro) => micro / 1_000_000);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(rate, { maxLength: 4 }),
        fc.constantFrom('tax_exclusive' as const, 'tax_inclusive' as const),
        (prices, rates, mode) => {
          const tax = computeComponentTaxes(prices.map(usd), rates, mode);
          expect(sumMoney(tax.lineTaxes, 'USD')).toEqual(tax.total);
          expect(sumMoney(tax.componentTaxes, 'USD').amount).toBe(rates.length === 0 ? 0 : tax.total.amount);
          expect(tax.componentTaxes).toHaveLength(rates.length);
          if (mode === 'tax_inclusive') {
            // Never more tax than there is price.
            expect(tax.total.amount).toBeLessThanOrEqual(prices.reduce((a, b) => a + b, 0));
          }
        },
      ),
    );
  });
});
