import { SHOPPING_LIST_MAX_ITEMS, type ShoppingListName } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { MAX_STORED_CODES } from './cart-pricing.js';
import type { CartItemRow, CartSnapshot } from './carts.repository.js';
import { planVisitorCartMerge } from './visitor-cart-merge.js';

let nextItemId = 1;
const item = (list: ShoppingListName, courseId: number): CartItemRow => ({
  id: nextItemId++,
  list,
  buyableType: 'course',
  courseId,
  seen: true,
});
/** A cart with its items given oldest first (the repository reads them newest first). */
const cart = (items: CartItemRow[], codes: string[] = []): CartSnapshot => ({
  id: nextItemId++,
  version: 'v',
  codes,
  items: [...items].reverse(),
});
const added = (plan: ReturnType<typeof planVisitorCartMerge>) =>
  plan.inserts.map((insert) => `${insert.list}:${insert.courseId}`);

describe('planVisitorCartMerge', () => {
  it('adds the visitor’s items after the user’s, oldest first, into a user without a cart', () => {
    const visitor = cart([item('cart', 1), item('wishlist', 2), item('cart', 3)], ['SPRING']);
    const plan = planVisitorCartMerge(visitor, null, new Set());
    expect(added(plan)).toEqual(['cart:1', 'wishlist:2', 'cart:3']);
    expect(plan.deleteItemIds).toEqual([]);
    expect(plan.codes).toEqual(['SPRING']);
  });

  it('skips owned courses for the cart and express lists only, and what the user’s list already has', () => {
    const user = cart([item('cart', 1)]);
    const visitor = cart([
      item('cart', 1),
      item('cart', 7),
      item('wishlist', 7),
      item('express', 7),
      item('cart', 8),
    ]);
    const plan = planVisitorCartMerge(visitor, user, new Set([7]));
    expect(added(plan)).toEqual(['wishlist:7', 'cart:8']);
  });

  it('replaces the user’s express list with the visitor’s, keeping what both hold', () => {
    const kept = item('express', 2);
    const replaced = item('express', 3);
    const user = cart([kept, replaced]);
    const plan = planVisitorCartMerge(cart([item('express', 2), item('express', 4)]), user, new Set());
    expect(plan.deleteItemIds).toEqual([replaced.id]);
    expect(added(plan)).toEqual(['express:4']);
  });

  it('leaves the user’s express list alone when the visitor has none', () => {
    const user = cart([item('express', 2)]);
    const plan = planVisitorCartMerge(cart([item('cart', 5)]), user, new Set());
    expect(plan.deleteItemIds).toEqual([]);
  });

  it('takes a course the visitor put in the cart off the user’s wishlist and saved-for-later', () => {
    const wished = item('wishlist', 5);
    const saved = item('saved_for_later', 5);
    const other = item('wishlist', 6);
    const plan = planVisitorCartMerge(cart([item('cart', 5)]), cart([wished, saved, other]), new Set());
    expect(plan.deleteItemIds.sort()).toEqual([wished.id, saved.id].sort());
  });

  it('stops at a list’s limit and at the most codes a cart keeps, the user’s first', () => {
    const full = Array.from({ length: SHOPPING_LIST_MAX_ITEMS - 1 }, (_, i) => item('wishlist', 100 + i));
    const userCodes = Array.from({ length: MAX_STORED_CODES - 1 }, (_, i) => `USER${i}`);
    const plan = planVisitorCartMerge(
      cart([item('wishlist', 1), item('wishlist', 2)], ['USER0', 'VISITOR1', 'VISITOR2']),
      cart(full, userCodes),
      new Set(),
    );
    expect(added(plan)).toEqual(['wishlist:1']);
    expect(plan.codes).toEqual([...userCodes, 'VISITOR1']);
  });
});
