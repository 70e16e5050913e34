import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import { cartTotals, discountPercentage } from './cart-totals.js';

const item = (list: number, price: number) => ({
  listPrice: money(list, 'USD'),
  purchasePrice: money(price, 'USD'),
});

describe('cartTotals (platform §4)', () => {
  it('subtracts credit from the price total', () => {
    const totals = cartTotals([item(1999, 1799), item(2999, 2999)], money(1000, 'USD'), 'USD');
    expect(totals.listTotal).toEqual(money(4998, 'USD'));
    expect(totals.priceTotal).toEqual(money(4798, 'USD'));
    expect(totals.savings).toEqual(money(200, 'USD'));
    expect(totals.creditUsed).toEqual(money(1000, 'USD'));
    expect(totals.totalDue).toEqual(money(3798, 'USD'));
    expect(totals.isPaymentRequired).toBe(true);
  });

  it('never lets the total due fall below zero', () => {
    const totals = cartTotals([item(1999, 1999)], money(2500, 'USD'), 'USD');
    expect(totals.totalDue).toEqual(money(0, 'USD'));
    expect(totals.creditUsed).toEqual(money(1999, 'USD'));
    expect(totals.isPaymentRequired).toBe(false);
  });

  it('requires payment only when the total exceeds the credit', () => {
    expect(cartTotals([item(1000, 1000)], money(1000, 'USD'), 'USD').isPaymentRequired).toBe(false);
    expect(cartTotals([item(1001, 1001)], money(1000, 'USD'), 'USD').isPaymentRequired).toBe(true);
  });

  it('ignores credit in another currency', () => {
    const totals = cartTotals([item(1999, 1999)], money(5000, 'EUR'), 'USD');
    expect(totals.creditUsed).toEqual(money(0, 'USD'));
    expect(totals.totalDue).toEqual(money(1999, 'USD'));
  });
});

describe('discountPercentage (platform §4)', () => {
  it('rounds the saving relative to the list price', () => {
    expect(discountPercentage(money(1999, 'USD'), money(1799, 'USD'))).toBe(10);
    expect(discountPercentage(money(8499, 'USD'), money(1299, 'USD'))).toBe(85);
    expect(discountPercentage(money(3000, 'JPY'), money(1999, 'JPY'))).toBe(33);
    // 2/3 off = 66.67% → 67
    expect(discountPercentage(money(300, 'USD'), money(100, 'USD'))).toBe(67);
  });

  it('is 0 without a list price or without a saving', () => {
    expect(discountPercentage(null, money(100, 'USD'))).toBe(0);
    expect(discountPercentage(money(0, 'USD'), money(0, 'USD'))).toBe(0);
    expect(discountPercentage(money(100, 'USD'), money(100, 'USD'))).toBe(0);
  });
});
