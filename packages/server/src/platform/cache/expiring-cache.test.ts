import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './expiring-cache.js';

describe('createExpiringCache', () => {
  it('returns a value until its time is up, then forgets it', () => {
    let time = 1_000;
    const cache = createExpiringCache<string, number>({ ttlMs: 100, maxEntries: 10, now: () => time });
    cache.set('a', 1);
    time = 1_099;
    expect(cache.get('a')).toBe(1);
    time = 1_100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('restarts the clock when a key is set again', () => {
    let time = 0;
    const cache = createExpiringCache<string, string>({ ttlMs: 100, maxEntries: 10, now: () => time });
    cache.set('a', 'old');
    time = 90;
    cache.set('a', 'new');
    time = 150;
    expect(cache.get('a')).toBe('new');
  });

  it('keeps falsy values such as null (a remembered "does not exist")', () => {
    const cache = createExpiringCache<string, null>({ ttlMs: 100, maxEntries: 10 });
    cache.set('missing', null);
    expect(cache.get('missing')).toBeNull();
  });

  it('never holds more than maxEntries: a full cache starts over', () => {
    const cache = createExpiringCache<number, number>({ ttlMs: 1_000, maxEntries: 3 });
    for (const key of [1, 2, 3]) cache.set(key, key);
    cache.set(3, 30); // replacing an entry does not count as growing
    expect(cache.get(1)).toBe(1);
    cache.set(4, 4);
    expect([1, 2, 3].map((key) => cache.get(key))).toEqual([undefined, undefined, undefined]);
    expect(cache.get(4)).toBe(4);
  });

  it('deletes one key or all of them', () => {
    const cache = createExpiringCache<string, number>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });
});
