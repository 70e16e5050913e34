import { describe, expect, it } from 'vitest';
import { couponScopeCovers, couponValidity } from './coupon-rules.js';

describe('coupon limits (back office)', () => {
  const base = { startsAt: null, endsAt: null, usageLimit: null, usesTaken: 0 };
  const now = new Date('2026-06-01T00:00:00Z');

  it('stops a deactivated code at once, whatever else holds', () => {
    expect(couponValidity({ ...base, deactivatedAt: new Date('2026-05-31T00:00:00Z') }, now)).toBe('invalid');
    expect(couponValidity({ ...base, deactivatedAt: null }, now)).toBe('valid');
  });

  it('is used up for a buyer whose uses reach the per-buyer limit, not for others', () => {
    const perBuyer = { ...base, perBuyerLimit: 2 };
    expect(couponValidity({ ...perBuyer, buyerUses: 1 }, now)).toBe('valid');
    expect(couponValidity({ ...perBuyer, buyerUses: 2 }, now)).toBe('sold_out');
    // An unknown buyer (a visitor's cart) is not limited; the reservation checks them again.
    expect(couponValidity({ ...perBuyer, buyerUses: null }, now)).toBe('valid');
    expect(couponValidity({ ...base, perBuyerLimit: null, buyerUses: 50 }, now)).toBe('valid');
  });

  it('checks the total limit before the buyer’s', () => {
    expect(
      couponValidity({ ...base, usageLimit: 1, usesTaken: 1, perBuyerLimit: 5, buyerUses: 0 }, now),
    ).toBe('sold_out');
  });
});

describe('couponScopeCovers', () => {
  const course = { id: 7, categoryIds: [1, 12] };

  it('covers every course, or the listed ones', () => {
    expect(couponScopeCovers({ scope: 'all' }, course)).toBe(true);
    expect(couponScopeCovers({ scope: 'courses', courseIds: new Set([7, 8]) }, course)).toBe(true);
    expect(couponScopeCovers({ scope: 'courses', courseIds: new Set([8]) }, course)).toBe(false);
  });

  it('covers the courses of a category and of its subcategories', () => {
    expect(couponScopeCovers({ scope: 'category', categoryId: 1 }, course)).toBe(true);
    expect(couponScopeCovers({ scope: 'category', categoryId: 12 }, course)).toBe(true);
    expect(couponScopeCovers({ scope: 'category', categoryId: 2 }, course)).toBe(false);
    expect(couponScopeCovers({ scope: 'category', categoryId: 1 }, { id: 9, categoryIds: [] })).toBe(false);
  });
});
