import { CART_CACHE_EXPIRY_MS } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { courseItem, usd } from '../../test-utils/fake-cart-server';
import { freezeCheckoutList, isCheckoutAvailable, readCheckoutList } from './checkout-handoff';
import { CART_STORAGE_KEY, loadCartState, saveCartState } from './cart-storage';
import { effectiveItems, emptyCartState } from './cart-state';

const ids = (items: { buyable: { id: number } }[]) => items.map((item) => item.buyable.id);
const ref = (id: number) => ({ id, buyable_object_type: 'course' as const });

describe('effectiveItems', () => {
  it('is pending adds plus server items minus pending removes, counted per buyable', () => {
    const server = [courseItem(1), courseItem(2)];
    expect(ids(effectiveItems(server, [], []))).toEqual([1, 2]);
    expect(ids(effectiveItems(server, [courseItem(3)], []))).toEqual([3, 1, 2]);
    expect(ids(effectiveItems(server, [], [ref(1)]))).toEqual([2]);
    // Added while the server already has it (count 2), removed once: still shown.
    expect(ids(effectiveItems(server, [courseItem(1)], [ref(1)]))).toEqual([1, 2]);
    // A pending add and a pending remove of a new item cancel out.
    expect(ids(effectiveItems(server, [courseItem(3)], [ref(3)]))).toEqual([1, 2]);
    // Newest pending add first; a course and a license with the same id are different buyables.
    const license = {
      ...courseItem(1),
      buyable: { ...courseItem(1).buyable, buyable_object_type: 'license' as const },
    };
    expect(
      effectiveItems([], [courseItem(4), license], []).map((item) => item.buyable.buyable_object_type),
    ).toEqual(['license', 'course']);
  });

  it('prefers the server version of an item it has', () => {
    const serverItem = { ...courseItem(1), purchase_price: usd(999) };
    expect(effectiveItems([serverItem], [courseItem(1)], [])[0]?.purchase_price.amount).toBe(999);
  });
});

describe('cart storage', () => {
  it('keeps the state for 30 days', () => {
    const state = { ...emptyCartState(7), etag: '"v1"' };
    saveCartState(localStorage, state, 1_000);
    expect(loadCartState(localStorage, 1_000 + CART_CACHE_EXPIRY_MS)).toEqual(state);
    expect(loadCartState(localStorage, 1_001 + CART_CACHE_EXPIRY_MS)).toBeNull();
  });

  it('ignores broken entries', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(loadCartState(localStorage, 0)).toBeNull();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ savedAt: 0, state: { lists: 1 } }));
    expect(loadCartState(localStorage, 0)).toBeNull();
  });
});

describe('checkout hand-off', () => {
  it('freezes a list into session storage as checkout item data', () => {
    const discounted = {
      ...courseItem(2),
      purchase_price: usd(1799),
      current_discount: { code: 'LECTERN10', saving_price: usd(200) },
    };
    const frozen = freezeCheckoutList([courseItem(1), discounted], sessionStorage);
    expect(frozen).toEqual([
      { buyableType: 'course', buyableId: 1, purchasePrice: usd(1999), discountInfo: null },
      { buyableType: 'course', buyableId: 2, purchasePrice: usd(1799), discountInfo: { code: 'LECTERN10' } },
    ]);
    expect(readCheckoutList(sessionStorage)).toEqual(frozen);
    expect(isCheckoutAvailable(frozen, 7)).toBe(true);
    expect(isCheckoutAvailable(frozen, null)).toBe(false);
    expect(isCheckoutAvailable([], 7)).toBe(false);
  });
});
