import type { CheckoutItemData, ListItem } from '@lectern/domain';
import { browserSessionStorage, loadCheckoutList, saveCheckoutList } from './cart-storage';

/** Platform §3 checkout item data for a list item. */
export function toCheckoutItem(item: ListItem): CheckoutItemData {
  const { buyable } = item;
  return {
    buyableType: buyable.buyable_object_type,
    buyableId: buyable.id,
    ...(buyable.buyable_object_type === 'license' ? { licenseId: buyable.id } : {}),
    ...(buyable.buyable_object_type === 'gift' ? { giftId: buyable.id } : {}),
    purchasePrice: item.purchase_price,
    discountInfo: item.current_discount ? { code: item.current_discount.code } : null,
  };
}

/** Freezes a list into the checkout list in session storage (platform §4 checkout hand-off). */
export function freezeCheckoutList(
  items: readonly ListItem[],
  storage: Storage | null = browserSessionStorage(),
): CheckoutItemData[] {
  const frozen = items.map(toCheckoutItem);
  saveCheckoutList(storage, frozen);
  return frozen;
}

/** The frozen checkout list, empty when there is none. */
export function readCheckoutList(storage: Storage | null = browserSessionStorage()): CheckoutItemData[] {
  return loadCheckoutList(storage);
}

/** Platform §4: checkout is available only with a non-empty checkout list and a user. */
export function isCheckoutAvailable(items: readonly CheckoutItemData[], userId: number | null): boolean {
  return items.length > 0 && userId !== null;
}
