import { describe, expect, it } from 'vitest';
import { SharedPageCache } from './shared-page-cache.js';

describe('SharedPageCache', () => {
  it('keeps a page for its time to live, no longer', () => {
    let now = 0;
    const cache = new SharedPageCache<string>(60_000, 10, () => now);
    cache.set('/a', 'page a');
    now = 59_999;
    expect(cache.get('/a')).toBe('page a');
    now = 60_000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('lets the least recently used page go when full', () => {
    const cache = new SharedPageCache<string>(60_000, 2);
    cache.set('/a', 'a');
    cache.set('/b', 'b');
    cache.get('/a');
    cache.set('/c', 'c');
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBe('a');
    expect(cache.get('/c')).toBe('c');
  });

  it('forgets every page when what they show changes', () => {
    const cache = new SharedPageCache<string>(60_000);
    cache.set('/a', 'a');
    cache.set('/b', 'b');
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeUndefined();
  });

  it('keeps nothing when its time to live is 0', () => {
    const cache = new SharedPageCache<string>(0);
    expect(cache.enabled).toBe(false);
    cache.set('/a', 'a');
    expect(cache.get('/a')).toBeUndefined();
  });
});
