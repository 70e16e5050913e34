import { useCartItemCount } from '../../features/cart/cart-provider';

/** Number of items in the cart, for the header badge: the cart client's effective cart list. */
export function useCartCount(): number {
  return useCartItemCount();
}
