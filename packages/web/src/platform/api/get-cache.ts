/** Expiry of a cached GET when the caller asks for caching without a time (platform §9). */
export const DEFAULT_GET_CACHE_MS = 60 * 60 * 1000;

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/**
 * Opt-in cache of GET answers keyed by the full URL (path and serialised params). It keeps
 * the promise, so callers asking at the same time share one request; failures are dropped
 * so the next call tries again.
 */
export class GetCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  get<T>(key: string): Promise<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as Promise<T>;
  }

  set<T>(key: string, value: Promise<T>, maxAgeMs: number): Promise<T> {
    const entry: Entry = { expiresAt: this.now() + maxAgeMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
