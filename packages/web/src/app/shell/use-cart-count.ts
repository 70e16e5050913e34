/**
 * Number of items in the cart, for the header badge. The cart feature will answer this
 * from its cached cart state; until it exists the cart is always empty.
 */
export function useCartCount(): number {
  return 0;
}
