import { CURRENCY_CODES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_PRICE_TIERS_USD } from './demo-catalog.js';
import { demoTierAmount, demoTierAmounts } from './demo-prices.js';

describe('demo price tiers', () => {
  it('keep the US tiers exactly', () => {
    for (const tier of DEMO_PRICE_TIERS_USD) expect(demoTierAmount(tier.usdCents, 'USD')).toBe(tier.usdCents);
  });

  it('give every tier an integer amount in all 30 currencies', () => {
    for (const tier of DEMO_PRICE_TIERS_USD) {
      const amounts = demoTierAmounts(tier.usdCents);
      expect(amounts.map((a) => a.currency)).toEqual(CURRENCY_CODES);
      for (const { amount } of amounts) expect(Number.isSafeInteger(amount)).toBe(true);
    }
  });

  it('round zero-decimal currencies to whole units and keep free free', () => {
    expect(demoTierAmount(1999, 'JPY')).toBe(3000);
    expect(demoTierAmount(1999, 'EUR')).toBe(1899);
    expect(demoTierAmount(0, 'KRW')).toBe(0);
  });
});
