import type { BuyableType, ShoppingListName } from '@lectern/domain';
import type { CartSnapshot } from './carts.repository.js';

/** The lists where a course the buyer owns cannot go (it would be bought twice). */
export const OWNED_CHECK_LISTS: ReadonlySet<ShoppingListName> = new Set(['cart', 'express']);

/** One buyable's identity within a list. */
export const buyableKey = (type: BuyableType, courseId: number) => `${type}:${courseId}`;

export const itemsOf = (snapshot: CartSnapshot | null, list: ShoppingListName) =>
  (snapshot?.items ?? []).filter((item) => item.list === list);

/** Items of these lists that a buyable leaves when it is added to the cart. */
export const LEFT_FOR_THE_CART: ReadonlySet<ShoppingListName> = new Set(['wishlist', 'saved_for_later']);
