import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient, type ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { CartClient, type CartSeed, type CartSnapshot } from './cart-client';

/** The client's context; islands (app/islands) provide the page's one client through it. */
export const CartClientContext = createContext<CartClient | null>(null);

/**
 * One cart client for the app. It connects once the user's context has loaded and again
 * whenever the user changes (login merges the visitor's cart into the user's).
 */
export function CartProvider({ client, children }: { client?: CartClient; children: ReactNode }) {
  const api = useApiClient();
  const [cart] = useState(() => client ?? createCartClient(api));
  const userContext = useUserContext();
  const userId = userContext.isLoaded ? userContext.me.id : undefined;
  useEffect(() => {
    if (userId === undefined) return;
    return cart.connect(userId);
  }, [cart, userId]);
  return <CartClientContext value={cart}>{children}</CartClientContext>;
}

export function useCartClient(): CartClient {
  const client = useContext(CartClientContext);
  if (!client) throw new Error('useCartClient must be used inside <CartProvider>.');
  return client;
}

/** The cart as the screen shows it; re-renders on every change. */
export function useCart(): CartSnapshot {
  const client = useCartClient();
  // The server renders the cart before it connects; hydration starts from that same snapshot.
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getInitialSnapshot);
}

/** Effective items in the cart list, for the header badge. */
export function useCartItemCount(): number {
  return useCart().lists.cart.length;
}

/** The page's cart client, starting from the cart the server rendered with (`seed`), if any. */
export function createCartClient(api: ApiClient, seed?: CartSeed): CartClient {
  return new CartClient({ api, seed, onError: (error, details) => reportError(error, details) });
}
