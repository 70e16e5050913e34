import { TRACKING_LOCAL_STORAGE } from '@lectern/domain';

/** localStorage key of the tracking entries (versioned with their shape). */
export const TRACKING_STORAGE_KEY = 'lectern.tracking.v1';

interface Entry {
  /** The stored value. */
  v: unknown;
  /** Expires at (epoch ms). */
  e: number;
  /** Stored at (epoch ms), to drop the oldest when full. */
  t: number;
}

type Entries = Record<string, Entry>;

export interface TrackingStorageOptions {
  storage: () => Storage | null;
  now?: () => number;
  limits?: typeof TRACKING_LOCAL_STORAGE;
}

/**
 * The local storage of the tracking client (checkout §9): small expiring entries such as
 * "this order's success was tracked" or "this payment attempt used that coupon", so an event
 * is sent once per order even after a reload or a return from a payment page. An entry lives
 * 24 hours unless it says otherwise (an event's context: 15 minutes); at most 1000 are kept,
 * the oldest dropped first; expired ones are swept every 5 seconds while the page is open.
 * Storage that is missing or throws (private windows, quota) makes every call a no-op.
 */
export class TrackingStorage {
  private readonly now: () => number;
  private readonly limits: typeof TRACKING_LOCAL_STORAGE;

  constructor(private readonly options: TrackingStorageOptions) {
    this.now = options.now ?? Date.now;
    this.limits = options.limits ?? TRACKING_LOCAL_STORAGE;
  }

  get<T = unknown>(key: string): T | undefined {
    const entry = this.read()[key];
    return entry && entry.e > this.now() ? (entry.v as T) : undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: unknown, ttlMs: number = this.limits.defaultExpirationMs): void {
    const now = this.now();
    const entries = this.live(this.read(), now);
    entries[key] = { v: value, e: now + ttlMs, t: now };
    const keys = Object.keys(entries);
    if (keys.length > this.limits.maxItems) {
      const oldest = keys.sort((a, b) => entries[a]!.t - entries[b]!.t);
      for (const drop of oldest.slice(0, keys.length - this.limits.maxItems)) delete entries[drop];
    }
    this.write(entries);
  }

  remove(key: string): void {
    const entries = this.read();
    if (!(key in entries)) return;
    delete entries[key];
    this.write(entries);
  }

  /** Drops expired entries; writes only when something expired. */
  cleanup(): void {
    const entries = this.read();
    const live = this.live(entries, this.now());
    if (Object.keys(live).length !== Object.keys(entries).length) this.write(live);
  }

  /** Sweeps every 5 s (checkout §9); returns the stop function. */
  startCleanup(): () => void {
    const timer = setInterval(() => this.cleanup(), this.limits.cleanupIntervalMs);
    return () => clearInterval(timer);
  }

  private live(entries: Entries, now: number): Entries {
    return Object.fromEntries(Object.entries(entries).filter(([, entry]) => entry.e > now));
  }

  private read(): Entries {
    try {
      const raw = this.options.storage()?.getItem(TRACKING_STORAGE_KEY);
      if (!raw) return {};
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      return Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(([, entry]) => isEntry(entry)),
      ) as Entries;
    } catch {
      return {};
    }
  }

  private write(entries: Entries): void {
    try {
      const storage = this.options.storage();
      if (!storage) return;
      if (Object.keys(entries).length === 0) storage.removeItem(TRACKING_STORAGE_KEY);
      else storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(entries));
    } catch {
      // Quota or disabled storage: the entry is lost, at worst an event is sent twice.
    }
  }
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Entry>;
  return typeof entry.e === 'number' && typeof entry.t === 'number' && 'v' in entry;
}

/** The page's localStorage, or null where it is unavailable. */
export function browserLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
