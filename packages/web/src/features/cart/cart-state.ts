import {
  SHOPPING_LISTS,
  type ApiPrice,
  type AvailableCoupon,
  type Buyable,
  type BuyableRef,
  type CartSessionResponse,
  type DiscountAttempt,
  type ListItem,
  type ShoppingListName,
} from '@lectern/domain';

/** Cached cart state (platform §3): what the browser keeps of the cart between pages. */
export interface CachedCartState {
  etag: string | null;
  credit: ApiPrice | null;
  /** The applied codes (status `valid`); rejected codes are announced once and not kept. */
  discounts: DiscountAttempt[];
  lists: Record<ShoppingListName, ListItem[]>;
  unseenCounts: Record<ShoppingListName, number>;
  userId: number | null;
  availableCoupons: AvailableCoupon[];
}

function perList<T>(value: (list: ShoppingListName) => T): Record<ShoppingListName, T> {
  return Object.fromEntries(SHOPPING_LISTS.map((list) => [list, value(list)])) as Record<ShoppingListName, T>;
}

export function emptyCartState(userId: number | null): CachedCartState {
  return {
    etag: null,
    credit: null,
    discounts: [],
    lists: perList(() => []),
    unseenCounts: perList(() => 0),
    userId,
    availableCoupons: [],
  };
}

export function stateFromResponse(response: CartSessionResponse, etag: string | null): CachedCartState {
  return {
    etag,
    credit: response.user?.credit ?? null,
    discounts: response.discount_attempts.filter((attempt) => attempt.status === 'valid'),
    lists: perList((list) => response[list]),
    unseenCounts: perList((list) => response[`${list}_unseen_count`]),
    userId: response.user?.id ?? null,
    availableCoupons: response.available_coupon_info.coupons,
  };
}

/** A buyable's identity: its type and id (a course and a gift may share an id). */
export function buyableKey(buyable: BuyableRef): string {
  return `${buyable.buyable_object_type}:${buyable.id}`;
}

export function buyableRef(buyable: Buyable | BuyableRef): BuyableRef {
  return { id: buyable.id, buyable_object_type: buyable.buyable_object_type };
}

export function listHas(items: readonly ListItem[], buyable: BuyableRef): boolean {
  const key = buyableKey(buyable);
  return items.some((item) => buyableKey(item.buyable) === key);
}

/**
 * Effective items of a list (platform §4): pending adds plus server items minus pending
 * removes, counted per buyable; an item shows only while its count is above 0. Items the
 * server does not have yet come first (newest first), then the server's order.
 */
export function effectiveItems(
  serverItems: readonly ListItem[],
  pendingAdds: readonly ListItem[],
  pendingRemoves: readonly BuyableRef[],
): ListItem[] {
  const counts = new Map<string, number>();
  const items = new Map<string, ListItem>();
  const bump = (key: string, by: number) => counts.set(key, (counts.get(key) ?? 0) + by);
  for (const item of serverItems) {
    const key = buyableKey(item.buyable);
    bump(key, 1);
    items.set(key, item);
  }
  const added: string[] = [];
  for (const item of [...pendingAdds].reverse()) {
    const key = buyableKey(item.buyable);
    bump(key, 1);
    if (!items.has(key)) {
      items.set(key, item);
      added.push(key);
    }
  }
  for (const ref of pendingRemoves) bump(buyableKey(ref), -1);
  const order = [...added, ...serverItems.map((item) => buyableKey(item.buyable))];
  return [...new Set(order)].filter((key) => (counts.get(key) ?? 0) > 0).map((key) => items.get(key)!);
}
