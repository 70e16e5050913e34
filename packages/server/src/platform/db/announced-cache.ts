import { createExpiringCache } from '../cache/expiring-cache.js';
import type { DatabaseHandle } from './database.js';

/**
 * Read results about one owner (a user), kept by this instance only while every change to the
 * owner's rows is announced to it: a trigger NOTIFYs `channel` with the owner's id, and the
 * owner's entries go at once, whichever instance (or SQL by hand) made the change. Like the
 * session cache (decision 0013): nothing is kept while the listening connection is down, and
 * a read that overlapped an announcement is not kept, since it may predate the change.
 */
export interface AnnouncedCache<V> {
  /** Starts listening; resolves with the function that stops. */
  watch(listen: DatabaseHandle['listen']): Promise<() => Promise<void>>;
  /** The owner's cached value for `key`, or what `load` reads (kept when it is safe to). */
  read(owner: number, key: string, load: () => Promise<V>): Promise<V>;
  /**
   * Drops the owner's entries now (or everyone's), as the announcement will: for the instance
   * that made the change, whose callers may ask again before the announcement comes back to it.
   */
  forget(owner: number | 'everyone'): void;
}

/** Per-learner page facts (decision 0034): a bound for a lost announcement, and on memory. */
export const LEARNER_FACTS_CACHE = { ttlMs: 5 * 60_000, maxEntries: 5_000 } as const;

export function createAnnouncedCache<V>(options: {
  channel: string;
  /** A bound on how stale an entry can be if an announcement were ever lost. */
  ttlMs: number;
  maxEntries: number;
}): AnnouncedCache<V> {
  const entries = createExpiringCache<string, V>(options);
  // The keys kept per owner, so an announcement drops exactly theirs.
  const keysOf = new Map<number, Set<string>>();
  let live = false;
  // The reads under way per owner: one that overlaps an announcement of its owner is not kept
  // (another owner's announcement leaves it be, so busy writers elsewhere do not void it).
  const reading = new Map<number, Set<{ overlapped: boolean }>>();

  /** Drops the owner's entries (or everyone's); a read of theirs under way is not kept. */
  const drop = (owner: number | 'everyone') => {
    if (owner === 'everyone') {
      for (const reads of reading.values()) for (const read of reads) read.overlapped = true;
      entries.clear();
      keysOf.clear();
      return;
    }
    for (const read of reading.get(owner) ?? []) read.overlapped = true;
    for (const key of keysOf.get(owner) ?? []) entries.delete(key);
    keysOf.delete(owner);
  };

  return {
    watch(listen) {
      return listen(
        options.channel,
        (payload) => drop(Number(payload)),
        (isLive) => {
          drop('everyone');
          live = isLive;
        },
      );
    },

    async read(owner, key, load) {
      const entryKey = `${owner}|${key}`;
      if (live) {
        const hit = entries.get(entryKey);
        if (hit !== undefined) return hit;
      }
      const read = { overlapped: false };
      let reads = reading.get(owner);
      if (!reads) reading.set(owner, (reads = new Set()));
      reads.add(read);
      let value: V;
      try {
        value = await load();
      } finally {
        reads.delete(read);
        if (reads.size === 0) reading.delete(owner);
      }
      if (live && !read.overlapped) {
        // Starting over when full, like the expiring cache; never an entry without its index.
        if (keysOf.size >= options.maxEntries) {
          keysOf.clear();
          entries.clear();
        }
        let keys = keysOf.get(owner);
        if (!keys) keysOf.set(owner, (keys = new Set()));
        keys.add(entryKey);
        entries.set(entryKey, value);
      }
      return value;
    },

    forget: drop,
  };
}
