import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import { chargeWithTax, newSubscriptionDue, periodPrice } from './subscription-pricing.js';

describe('subscription pricing', () => {
  it('adds tax on top in tax-exclusive countries', () => {
    const price = periodPrice(money(36000, 'USD'), 10);
    expect(chargeWithTax(price, 10.1, 'tax_exclusive')).toEqual({
      subtotal: money(360000, 'USD'),
      tax: money(36360, 'USD'),
      taxParts: [money(36360, 'USD')],
      total: money(396360, 'USD'),
    });
  });

  it('rounds each of several taxes on its own (GST and QST)', () => {
    const charge = chargeWithTax(money(1999, 'CAD'), [5, 9.975], 'tax_exclusive');
    expect(charge.taxParts).toEqual([money(100, 'CAD'), money(199, 'CAD')]);
    expect(charge.tax).toEqual(money(299, 'CAD'));
    expect(charge.total).toEqual(money(2298, 'CAD'));
  });

  it('takes tax out of the price elsewhere', () => {
    expect(chargeWithTax(money(24000, 'EUR'), 19, 'tax_inclusive')).toEqual({
      subtotal: money(24000, 'EUR'),
      tax: money(3832, 'EUR'),
      taxParts: [money(3832, 'EUR')],
      total: money(24000, 'EUR'),
    });
  });

  it('charges nothing today during a trial and the period at its end', () => {
    const period = chargeWithTax(money(4000, 'USD'), 0, 'tax_exclusive');
    expect(newSubscriptionDue(period, true).today.total).toEqual(money(0, 'USD'));
    expect(newSubscriptionDue(period, true).next.total).toEqual(money(4000, 'USD'));
    expect(newSubscriptionDue(period, false).today.total).toEqual(money(4000, 'USD'));
  });
});
