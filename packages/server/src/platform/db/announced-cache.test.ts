import { describe, expect, it } from 'vitest';
import { createAnnouncedCache } from './announced-cache.js';
import type { DatabaseHandle } from './database.js';

/** A listening connection the test drives: announcements and its liveness. */
function channel() {
  let onMessage: (payload: string) => void = () => {};
  let onLive: (live: boolean) => void = () => {};
  const listen: DatabaseHandle['listen'] = async (_name, message, live) => {
    onMessage = message;
    onLive = live ?? (() => {});
    return async () => {};
  };
  return { listen, announce: (owner: number) => onMessage(String(owner)), live: (up: boolean) => onLive(up) };
}

const counter = () => {
  let reads = 0;
  return { load: async () => ++reads, reads: () => reads };
};

describe('createAnnouncedCache', () => {
  const options = { channel: 'facts', ttlMs: 60_000, maxEntries: 100 };
  /** A cache whose listening connection is up. */
  async function liveCache() {
    const db = channel();
    const cache = createAnnouncedCache<number>(options);
    await cache.watch(db.listen);
    db.live(true);
    return { db, cache };
  }

  it('keeps a value while live, and drops only the announced owner', async () => {
    const { db, cache } = await liveCache();
    const a = counter();
    const b = counter();
    expect(await cache.read(1, 'k', a.load)).toBe(1);
    expect(await cache.read(1, 'k', a.load)).toBe(1);
    expect(await cache.read(2, 'k', b.load)).toBe(1);
    db.announce(1);
    expect(await cache.read(1, 'k', a.load)).toBe(2);
    expect(await cache.read(2, 'k', b.load)).toBe(1);
  });

  it('keeps nothing while the listening connection is down, and forgets all when it drops', async () => {
    const db = channel();
    const cache = createAnnouncedCache<number>(options);
    await cache.watch(db.listen);
    const a = counter();
    await cache.read(1, 'k', a.load);
    await cache.read(1, 'k', a.load);
    expect(a.reads()).toBe(2);
    db.live(true);
    await cache.read(1, 'k', a.load);
    db.live(false);
    db.live(true);
    await cache.read(1, 'k', a.load);
    expect(a.reads()).toBe(4);
  });

  it('does not keep a read that overlapped an announcement (it may predate the change)', async () => {
    const { db, cache } = await liveCache();
    let reads = 0;
    const slow = async () => {
      reads += 1;
      db.announce(1);
      return reads;
    };
    await cache.read(1, 'k', slow);
    await cache.read(1, 'k', async () => ++reads);
    expect(reads).toBe(2);
  });

  it("keeps a read that overlapped another owner's announcement", async () => {
    const { db, cache } = await liveCache();
    let reads = 0;
    await cache.read(1, 'k', async () => {
      db.announce(2);
      return ++reads;
    });
    await cache.read(1, 'k', async () => ++reads);
    expect(reads).toBe(1);
  });

  it('forgets an owner, or everyone, at once when asked (the instance that made the change)', async () => {
    const { cache } = await liveCache();
    const a = counter();
    const b = counter();
    await cache.read(1, 'k', a.load);
    await cache.read(2, 'k', b.load);
    cache.forget(1);
    expect(await cache.read(1, 'k', a.load)).toBe(2);
    expect(await cache.read(2, 'k', b.load)).toBe(1);
    cache.forget('everyone');
    expect(await cache.read(1, 'k', a.load)).toBe(3);
    expect(await cache.read(2, 'k', b.load)).toBe(2);
    // A read under way when everyone is forgotten is not kept either.
    await cache.read(3, 'k', async () => {
      cache.forget('everyone');
      return 0;
    });
    expect(await cache.read(3, 'k', async () => 1)).toBe(1);
  });
});
