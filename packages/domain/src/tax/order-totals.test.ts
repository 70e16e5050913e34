import { describe, expect, it } from 'vitest';
import { money, sumMoney } from '../money/money.js';
import { computeOrderTotals } from './order-totals.js';

const usd = (amount: number) => money(amount, 'USD');
const eur = (amount: number) => money(amount, 'EUR');
const jpy = (amount: number) => money(amount, 'JPY');

describe('computeOrderTotals, tax-exclusive (US)', () => {
  // Two courses at $19.99 and $49.99 list, the second 50% off with a code; NYC 8.875%.
  const lines = [
    { listPrice: usd(1999), price: usd(1999) },
    { listPrice: usd(4999), price: usd(2499) },
  ];

  it('adds tax on top of the discounted subtotal', () => {
    const totals = computeOrderTotals({ lines, credit: usd(0), taxRates: [8.875], mode: 'tax_exclusive' });
    expect(totals.original).toEqual(usd(6998));
    expect(totals.subtotal).toEqual(usd(4498));
    expect(totals.discount).toEqual(usd(2500));
    expect(totals.discountPercent).toBe(36); // 2500 / 6998 = 35.7%
    // 44.98 × 8.875% = 3.991975 → 3.99, split in proportion to 19.99 : 24.99
    expect(totals.tax).toEqual(usd(399));
    expect(totals.lineTaxes).toEqual([usd(177), usd(222)]);
    expect(sumMoney(totals.lineTaxes, 'USD')).toEqual(totals.tax);
    expect(totals.creditUsed).toEqual(usd(0));
    expect(totals.total).toEqual(usd(4897));
    expect(totals.isFree).toBe(false);
    expect(totals.isFullyPaidByCredit).toBe(false);
  });

  it('applies credit last, to the subtotal plus tax', () => {
    const totals = computeOrderTotals({
      lines,
      credit: usd(2500),
      taxRates: [8.875],
      mode: 'tax_exclusive',
    });
    expect(totals.tax).toEqual(usd(399)); // credit pays; it does not lower the tax
    expect(totals.creditUsed).toEqual(usd(2500));
    expect(totals.total).toEqual(usd(2397));
    expect(totals.isFullyPaidByCredit).toBe(false);
  });

  it('credit covering all of it uses only what is due, tax included', () => {
    const totals = computeOrderTotals({
      lines,
      credit: usd(10_000),
      taxRates: [8.875],
      mode: 'tax_exclusive',
    });
    expect(totals.creditUsed).toEqual(usd(4897));
    expect(totals.total).toEqual(usd(0));
    expect(totals.isFullyPaidByCredit).toBe(true);
    expect(totals.isFree).toBe(false);
  });

  it('credit equal to the subtotal alone leaves the tax to pay', () => {
    const totals = computeOrderTotals({
      lines,
      credit: usd(4498),
      taxRates: [8.875],
      mode: 'tax_exclusive',
    });
    expect(totals.total).toEqual(usd(399));
    expect(totals.isFullyPaidByCredit).toBe(false);
  });
});

describe('computeOrderTotals, tax-inclusive (EU)', () => {
  const lines = [
    { listPrice: eur(2999), price: eur(1499) },
    { listPrice: eur(1999), price: eur(1999) },
  ];

  it('shows the tax contained in the prices and charges the subtotal', () => {
    const totals = computeOrderTotals({ lines, credit: eur(0), taxRates: [19], mode: 'tax_inclusive' });
    expect(totals.subtotal).toEqual(eur(3498));
    // 34.98 × 19/119 = 5.585… → 5.59
    expect(totals.tax).toEqual(eur(559));
    expect(sumMoney(totals.lineTaxes, 'EUR')).toEqual(eur(559));
    expect(totals.total).toEqual(eur(3498));
    expect(totals.discount).toEqual(eur(1500));
    expect(totals.discountPercent).toBe(30); // 1500 / 4998 = 30.01%
  });

  it('credit pays at most the subtotal (tax included)', () => {
    const part = computeOrderTotals({ lines, credit: eur(1000), taxRates: [19], mode: 'tax_inclusive' });
    expect(part.creditUsed).toEqual(eur(1000));
    expect(part.total).toEqual(eur(2498));
    expect(part.tax).toEqual(eur(559));

    const all = computeOrderTotals({ lines, credit: eur(5000), taxRates: [19], mode: 'tax_inclusive' });
    expect(all.creditUsed).toEqual(eur(3498));
    expect(all.total).toEqual(eur(0));
    expect(all.isFullyPaidByCredit).toBe(true);
  });
});

describe('computeOrderTotals in yen', () => {
  it('stays in whole yen', () => {
    const lines = [
      { listPrice: jpy(2400), price: jpy(2400) },
      { listPrice: jpy(2400), price: jpy(1800) },
      { listPrice: jpy(1200), price: jpy(1200) },
    ];
    const totals = computeOrderTotals({ lines, credit: jpy(500), taxRates: [10], mode: 'tax_inclusive' });
    expect(totals.subtotal).toEqual(jpy(5400));
    expect(totals.tax).toEqual(jpy(491));
    expect(totals.lineTaxes).toEqual([jpy(218), jpy(164), jpy(109)]);
    expect(totals.discountPercent).toBe(10);
    expect(totals.creditUsed).toEqual(jpy(500));
    expect(totals.total).toEqual(jpy(4900));
  });
});

describe('computeOrderTotals: free orders and unusable credit', () => {
  it('a free order is free, not paid by credit, and uses no credit', () => {
    const lines = [{ listPrice: usd(1999), price: usd(0) }];
    const totals = computeOrderTotals({
      lines,
      credit: usd(2500),
      taxRates: [8.875],
      mode: 'tax_exclusive',
    });
    expect(totals.isFree).toBe(true);
    expect(totals.isFullyPaidByCredit).toBe(false);
    expect(totals.tax).toEqual(usd(0));
    expect(totals.creditUsed).toEqual(usd(0));
    expect(totals.total).toEqual(usd(0));
    expect(totals.discountPercent).toBe(100);
  });

  it('credit in another currency is not used; negative credit counts as none', () => {
    const lines = [{ listPrice: usd(1999), price: usd(1999) }];
    const other = computeOrderTotals({ lines, credit: eur(5000), taxRates: [0], mode: 'tax_exclusive' });
    expect(other.creditUsed).toEqual(usd(0));
    expect(other.total).toEqual(usd(1999));
    const negative = computeOrderTotals({ lines, credit: usd(-500), taxRates: [0], mode: 'tax_exclusive' });
    expect(negative.creditUsed).toEqual(usd(0));
    expect(negative.total).toEqual(usd(1999));
  });

  it('a zero rate adds nothing', () => {
    const lines = [{ listPrice: usd(1999), price: usd(1999) }];
    const totals = computeOrderTotals({ lines, credit: usd(0), taxRates: [0], mode: 'tax_exclusive' });
    expect(totals.tax).toEqual(usd(0));
    expect(totals.total).toEqual(usd(1999));
    expect(totals.discount).toEqual(usd(0));
    expect(totals.discountPercent).toBe(0);
  });

  it('no lines: everything zero in the credit currency, and free', () => {
    const totals = computeOrderTotals({
      lines: [],
      credit: eur(100),
      taxRates: [19],
      mode: 'tax_inclusive',
    });
    expect(totals.total).toEqual(eur(0));
    expect(totals.lineTaxes).toEqual([]);
    expect(totals.isFree).toBe(true);
  });
});
