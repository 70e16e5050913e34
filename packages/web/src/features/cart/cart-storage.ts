import { CART_CACHE_EXPIRY_MS, type CheckoutItemData } from '@lectern/domain';
import type { CachedCartState } from './cart-state';

/** localStorage key of the cached cart state (platform §3), versioned with its shape. */
export const CART_STORAGE_KEY = 'lectern.cart.v1';
/** sessionStorage key of the frozen checkout list (platform §4). */
export const CHECKOUT_STORAGE_KEY = 'lectern.checkout.v1';

interface StoredCart {
  savedAt: number;
  state: CachedCartState;
}

/** Storage can be missing or throw (private windows, quota, disabled cookies): never fatal. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

function isCachedState(value: unknown): value is CachedCartState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<CachedCartState>;
  return (
    typeof state.lists === 'object' &&
    state.lists !== null &&
    Array.isArray(state.lists.cart) &&
    Array.isArray(state.discounts) &&
    (typeof state.etag === 'string' || state.etag === null)
  );
}

/** Reads a stored cart state; one saved more than 30 days ago (platform §9) counts as none. */
export function parseStoredCart(raw: string | null, now: number): CachedCartState | null {
  if (!raw) return null;
  const stored = attempt(() => JSON.parse(raw) as Partial<StoredCart>, null);
  if (!stored || typeof stored.savedAt !== 'number' || !isCachedState(stored.state)) return null;
  if (now - stored.savedAt > CART_CACHE_EXPIRY_MS) return null;
  return stored.state;
}

export function loadCartState(storage: Storage | null, now: number): CachedCartState | null {
  if (!storage) return null;
  return parseStoredCart(
    attempt(() => storage.getItem(CART_STORAGE_KEY), null),
    now,
  );
}

export function saveCartState(storage: Storage | null, state: CachedCartState, now: number): void {
  const stored: StoredCart = { savedAt: now, state };
  attempt(() => storage?.setItem(CART_STORAGE_KEY, JSON.stringify(stored)), undefined);
}

export function clearCartState(storage: Storage | null): void {
  attempt(() => storage?.removeItem(CART_STORAGE_KEY), undefined);
}

export function saveCheckoutList(storage: Storage | null, items: readonly CheckoutItemData[]): void {
  attempt(() => storage?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(items)), undefined);
}

export function loadCheckoutList(storage: Storage | null): CheckoutItemData[] {
  const raw = attempt(() => storage?.getItem(CHECKOUT_STORAGE_KEY) ?? null, null);
  if (!raw) return [];
  const items = attempt(() => JSON.parse(raw) as unknown, null);
  return Array.isArray(items) ? (items as CheckoutItemData[]) : [];
}

export function clearCheckoutList(storage: Storage | null): void {
  attempt(() => storage?.removeItem(CHECKOUT_STORAGE_KEY), undefined);
}

/** The browser's storages, or null where they cannot be reached. */
export function browserLocalStorage(): Storage | null {
  return attempt(() => globalThis.localStorage ?? null, null);
}

export function browserSessionStorage(): Storage | null {
  return attempt(() => globalThis.sessionStorage ?? null, null);
}
