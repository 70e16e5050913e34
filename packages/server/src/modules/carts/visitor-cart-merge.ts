import { SHOPPING_LIST_MAX_ITEMS, type ShoppingListName } from '@lectern/domain';
import { MAX_STORED_CODES } from './cart-pricing.js';
import { buyableKey, itemsOf, LEFT_FOR_THE_CART, OWNED_CHECK_LISTS } from './cart-items.js';
import type { CartSnapshot, CartWrite } from './carts.repository.js';

/**
 * What a login or signup does to the user's cart with the visitor's: the visitor's items
 * join the user's lists, skipping courses the user owns (cart and express), duplicates and
 * anything past a list's limit; a visitor's express list replaces the user's; a course that
 * joins the cart leaves the user's wishlist and saved-for-later; the codes are the user's
 * then the visitor's, without duplicates, up to the most a cart keeps.
 */
export function planVisitorCartMerge(
  visitor: CartSnapshot,
  user: CartSnapshot | null,
  owned: ReadonlySet<number>,
): Pick<CartWrite, 'codes' | 'deleteItemIds' | 'inserts'> {
  const keys = new Map<ShoppingListName, Set<string>>();
  for (const item of user?.items ?? []) {
    if (!keys.has(item.list)) keys.set(item.list, new Set());
    keys.get(item.list)!.add(buyableKey(item.buyableType, item.courseId));
  }
  const visitorExpress = itemsOf(visitor, 'express');
  const expressKeys = new Set(visitorExpress.map((item) => buyableKey(item.buyableType, item.courseId)));
  const deleteItemIds: number[] = [];
  if (visitorExpress.length > 0) {
    for (const item of itemsOf(user, 'express')) {
      if (!expressKeys.has(buyableKey(item.buyableType, item.courseId))) {
        deleteItemIds.push(item.id);
        keys.get('express')?.delete(buyableKey(item.buyableType, item.courseId));
      }
    }
  }
  const inserts: CartWrite['inserts'] = [];
  const cartAdds = new Set<string>();
  // Oldest first, so the visitor's items keep their order after the user's.
  for (const item of [...visitor.items].reverse()) {
    const key = buyableKey(item.buyableType, item.courseId);
    const listKeys = keys.get(item.list) ?? new Set<string>();
    keys.set(item.list, listKeys);
    if (OWNED_CHECK_LISTS.has(item.list) && item.buyableType === 'course' && owned.has(item.courseId))
      continue;
    if (listKeys.has(key) || listKeys.size >= SHOPPING_LIST_MAX_ITEMS) continue;
    listKeys.add(key);
    inserts.push({ list: item.list, buyableType: item.buyableType, courseId: item.courseId });
    if (item.list === 'cart') cartAdds.add(key);
  }
  for (const item of user?.items ?? []) {
    if (LEFT_FOR_THE_CART.has(item.list) && cartAdds.has(buyableKey(item.buyableType, item.courseId)))
      deleteItemIds.push(item.id);
  }
  const codes = [...new Set([...(user?.codes ?? []), ...visitor.codes])].slice(0, MAX_STORED_CODES);
  return { codes, deleteItemIds, inserts };
}
