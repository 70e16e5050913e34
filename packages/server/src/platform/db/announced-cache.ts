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
}

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
  // Bumped by every announcement: a read that overlapped one is not kept.
  let announcements = 0;

  const forget = (owner: number) => {
    for (const key of keysOf.get(owner) ?? []) entries.delete(key);
    keysOf.delete(owner);
  };

  return {
    watch(listen) {
      return listen(
        options.channel,
        (payload) => {
          announcements += 1;
          forget(Number(payload));
        },
        (isLive) => {
          announcements += 1;
          entries.clear();
          keysOf.clear();
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
      const seen = announcements;
      const value = await load();
      if (live && seen === announcements) {
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
  };
}
