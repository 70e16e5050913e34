import type { ConsentCategory } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { TRACKING_STORAGE_KEY } from '../tracking/tracking-storage';
import type { CookieJar } from './cookie-jar';
import { cookieCategory, COOKIE_REGISTRY, deleteStorageOf } from './cookie-registry';

function memoryJar(names: string[]): CookieJar & { cookies: Set<string> } {
  const cookies = new Set(names);
  return {
    cookies,
    read: (name) => (cookies.has(name) ? 'x' : undefined),
    write: (name) => void cookies.add(name),
    remove: (name) => void cookies.delete(name),
    names: () => [...cookies],
  };
}

describe('cookie registry (platform §4)', () => {
  it('puts our own cookies in their categories and the tools’ prefixes in theirs', () => {
    expect(cookieCategory('csrftoken')).toBe('C0001');
    expect(cookieCategory('sessionid')).toBe('C0001');
    expect(cookieCategory('lectern_visitor')).toBe('C0001');
    expect(cookieCategory('lectern_consent')).toBe('C0001');
    expect(cookieCategory('ud_cache_price_country')).toBe('C0001');
    expect(cookieCategory('lectern_tracking_session')).toBe('C0002');
    expect(cookieCategory('_ga_ABC123')).toBe('C0002');
    expect(cookieCategory('ud_locale')).toBe('C0003');
    expect(cookieCategory('_gcl_au')).toBe('C0004');
    expect(cookieCategory('someone_elses')).toBeNull();
    // Every rule names one of the five categories.
    const categories: ConsentCategory[] = ['C0001', 'C0002', 'C0003', 'C0004', 'C0005'];
    expect(COOKIE_REGISTRY.every((rule) => categories.includes(rule.category))).toBe(true);
  });

  it('deletes exactly the cookies and storage of withdrawn categories', () => {
    const jar = memoryJar(['csrftoken', 'lectern_tracking_session', '_ga', '_fbp', 'ud_locale', 'unknown']);
    localStorage.setItem(TRACKING_STORAGE_KEY, '{}');
    localStorage.setItem('lectern.cart.v1', '{}');
    expect(deleteStorageOf(['C0002'], jar, localStorage).sort()).toEqual(['_ga', 'lectern_tracking_session']);
    expect([...jar.cookies].sort()).toEqual(['_fbp', 'csrftoken', 'ud_locale', 'unknown']);
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('lectern.cart.v1')).toBe('{}');
  });

  it('never deletes strictly necessary cookies', () => {
    const jar = memoryJar(['csrftoken', 'lectern_consent']);
    expect(deleteStorageOf(['C0001'], jar, null)).toEqual([]);
    expect(jar.cookies.size).toBe(2);
  });
});
