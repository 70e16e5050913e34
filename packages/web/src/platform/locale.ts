import { readCookie } from './cookies';

/** Cookie holding the visitor's chosen locale, e.g. `en_US` (platform §7). */
export const LOCALE_COOKIE = 'ud_locale';
export const DEFAULT_LOCALE = 'en-US';

/** Turns `en_US` into the BCP 47 form `en-US` that browsers and Intl use. */
export function toBcp47(locale: string): string {
  return locale.trim().replace(/_/g, '-');
}

/** The visitor's locale: the locale cookie, else the browser's language, else en-US. */
export function currentLocale(
  cookieString?: string,
  navigatorLanguage: string | undefined = globalThis.navigator?.language,
): string {
  const fromCookie = readCookie(LOCALE_COOKIE, cookieString);
  if (fromCookie) return toBcp47(fromCookie);
  return navigatorLanguage ? toBcp47(navigatorLanguage) : DEFAULT_LOCALE;
}
