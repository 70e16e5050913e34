import { TRACKING_LOCAL_STORAGE } from '@lectern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_STORAGE_KEY, TrackingStorage } from './tracking-storage';

const HOUR = 60 * 60 * 1000;

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(TRACKING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
}

describe('TrackingStorage (checkout §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an entry 24 hours by default, and an event context 15 minutes', () => {
    const storage = new TrackingStorage({ storage: () => localStorage });
    storage.set('order', true);
    storage.set('context', { couponCode: 'SAVE10' }, TRACKING_LOCAL_STORAGE.eventValidityMs);
    expect(storage.get('context')).toEqual({ couponCode: 'SAVE10' });

    vi.advanceTimersByTime(15 * 60 * 1000);
    expect(storage.get('context')).toBeUndefined();
    expect(storage.has('order')).toBe(true);

    vi.advanceTimersByTime(24 * HOUR - 15 * 60 * 1000 - 1);
    expect(storage.has('order')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(storage.has('order')).toBe(false);
  });

  it('survives a reload (a new instance reads the same storage)', () => {
    new TrackingStorage({ storage: () => localStorage }).set('order', true);
    expect(new TrackingStorage({ storage: () => localStorage }).has('order')).toBe(true);
  });

  it('keeps at most 1000 entries, dropping the oldest', () => {
    // A full storage is written at once (1000 calls of set() take seconds in jsdom's storage).
    const now = Date.now();
    const full = Object.fromEntries(
      Array.from({ length: TRACKING_LOCAL_STORAGE.maxItems }, (_, n) => [
        `entry-${n}`,
        { v: n, e: now + HOUR, t: now - TRACKING_LOCAL_STORAGE.maxItems + n },
      ]),
    );
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(full));
    const storage = new TrackingStorage({ storage: () => localStorage });
    for (let n = TRACKING_LOCAL_STORAGE.maxItems; n < TRACKING_LOCAL_STORAGE.maxItems + 5; n += 1) {
      storage.set(`entry-${n}`, n);
      vi.advanceTimersByTime(1);
    }
    expect(Object.keys(stored())).toHaveLength(TRACKING_LOCAL_STORAGE.maxItems);
    expect(storage.has('entry-4')).toBe(false);
    expect(storage.has('entry-5')).toBe(true);
    expect(storage.get(`entry-${TRACKING_LOCAL_STORAGE.maxItems + 4}`)).toBe(
      TRACKING_LOCAL_STORAGE.maxItems + 4,
    );
    // Each set() parses and writes the whole 1000-entry store: a busy CI machine needs more than 5 s.
  }, 30_000);

  it('sweeps expired entries every 5 seconds', () => {
    const storage = new TrackingStorage({ storage: () => localStorage });
    const stop = storage.startCleanup();
    storage.set('short', 1, 1_000);
    storage.set('long', 2);
    vi.advanceTimersByTime(TRACKING_LOCAL_STORAGE.cleanupIntervalMs - 1);
    expect(Object.keys(stored())).toEqual(['short', 'long']);
    vi.advanceTimersByTime(1);
    expect(Object.keys(stored())).toEqual(['long']);
    stop();
  });

  it('ignores unreadable storage and storage that throws', () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, 'not json');
    expect(new TrackingStorage({ storage: () => localStorage }).get('x')).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const storage = new TrackingStorage({ storage: () => broken });
    expect(() => storage.set('x', 1)).not.toThrow();
    expect(storage.has('x')).toBe(false);
  });
});
