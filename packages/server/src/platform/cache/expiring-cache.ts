/**
 * A process-local map whose entries expire `ttlMs` after they were set. For data read on
 * every request that may be shown a little stale (course cards, coupon definitions, user
 * profiles): each instance keeps its own copy, so a change made through another instance
 * shows here within `ttlMs`. When it holds `maxEntries`, it starts over rather than tracking
 * recency: cheap, and a full cache is refilled within one TTL anyway.
 */
export interface ExpiringCache<K, V> {
  /** The value set for `key` less than `ttlMs` ago, or undefined. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

export function createExpiringCache<K, V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ExpiringCache<K, V> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<K, { expires: number; value: V }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
      entries.set(key, { expires: now() + ttlMs, value });
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
