import {
  CONSENT_COOKIE,
  REQUIRED_CONSENT_CATEGORY,
  TRACKING_SESSION_COOKIE,
  type ConsentCategory,
} from '@lectern/domain';
import { TRACKING_STORAGE_KEY } from '../tracking/tracking-storage';
import type { CookieJar } from './cookie-jar';

/** One entry: an exact cookie name, or every cookie whose name starts with `prefix`. */
export type CookieRule = { category: ConsentCategory; why: string } & ({ name: string } | { prefix: string });

/**
 * Which consent category each cookie belongs to (platform §4: a consent change deletes the
 * cookies of the categories no longer allowed). Our own first-party cookies are listed by
 * name; the prefixes below are the usual ones of the tool kinds a loader may add (analytics,
 * session replay, advertising, social). An operator who registers a loader in
 * `app/start-up/tracking-loaders.ts` adds the cookie prefixes of its tool here.
 *
 * HttpOnly cookies (`sessionid`) are invisible to scripts; they are listed so the registry
 * documents every cookie the product sets. A cookie matching no rule is left alone: it is
 * neither ours nor of a tool we load, so we cannot tell what removing it would break.
 */
export const COOKIE_REGISTRY: readonly CookieRule[] = [
  { name: 'csrftoken', category: 'C0001', why: 'CSRF protection of every form and API write' },
  { name: '__Host-csrftoken', category: 'C0001', why: 'CSRF protection, as production names it' },
  { name: 'sessionid', category: 'C0001', why: 'the login session (HttpOnly)' },
  { name: 'lectern_visitor', category: 'C0001', why: "a visitor's cart before login" },
  { name: CONSENT_COOKIE, category: 'C0001', why: 'the consent choice itself' },
  { name: 'price_country', category: 'C0001', why: 'the currency prices are shown and charged in' },
  { prefix: 'ud_cache_', category: 'C0001', why: 'cache keys the API needs to answer correctly' },
  { name: 'ud_locale', category: 'C0003', why: 'the language the visitor chose' },
  { name: TRACKING_SESSION_COOKIE, category: 'C0002', why: 'the 30-minute event-tracking session' },
  { prefix: '_ga', category: 'C0002', why: 'web analytics' },
  { prefix: '_gid', category: 'C0002', why: 'web analytics' },
  { prefix: '_hj', category: 'C0002', why: 'session replay' },
  { prefix: '_gcl_', category: 'C0004', why: 'advertising conversion' },
  { prefix: '_fbp', category: 'C0004', why: 'advertising pixel' },
  { prefix: '_uet', category: 'C0004', why: 'advertising conversion' },
  { prefix: 'li_', category: 'C0005', why: 'social network SDK' },
];

/**
 * Web-storage keys written for a consent category other than C0001, cleared with the
 * cookies. The cart cache and the frozen checkout list serve the purchase the visitor asked
 * for (C0001) and are not listed.
 */
export const STORAGE_REGISTRY: readonly { key: string; category: ConsentCategory }[] = [
  { key: TRACKING_STORAGE_KEY, category: 'C0002' },
];

/** The category of a cookie, or null when no rule names it. */
export function cookieCategory(
  name: string,
  registry: readonly CookieRule[] = COOKIE_REGISTRY,
): ConsentCategory | null {
  const rule = registry.find((entry) =>
    'name' in entry ? entry.name === name : name.startsWith(entry.prefix),
  );
  return rule?.category ?? null;
}

/**
 * Deletes every cookie (and web-storage key) of the withdrawn categories. Strictly necessary
 * storage is never deleted, whatever the caller passes. Returns the cookie names removed.
 */
export function deleteStorageOf(
  withdrawn: readonly ConsentCategory[],
  jar: CookieJar,
  storage: Storage | null,
  registry: readonly CookieRule[] = COOKIE_REGISTRY,
): string[] {
  const categories = withdrawn.filter((category) => category !== REQUIRED_CONSENT_CATEGORY);
  if (categories.length === 0) return [];
  const removed = jar.names().filter((name) => {
    const category = cookieCategory(name, registry);
    return category !== null && categories.includes(category);
  });
  for (const name of removed) jar.remove(name);
  for (const entry of STORAGE_REGISTRY) {
    if (!categories.includes(entry.category)) continue;
    try {
      storage?.removeItem(entry.key);
    } catch {
      // Storage may be disabled; nothing was stored then.
    }
  }
  return removed;
}
