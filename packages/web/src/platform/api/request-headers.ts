import { parseCookies } from '../cookies';
import { currentLocale } from '../locale';

export const CSRF_COOKIE = 'csrftoken';
/** In production the server names it with the `__Host-` prefix (Secure, host-only). */
export const CSRF_COOKIE_PRODUCTION = '__Host-csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** Cookies whose names start with this are echoed as request headers (platform §7). */
export const CACHE_COOKIE_PREFIX = 'ud_cache_';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** `ud_cache_price_country` becomes the header `X-Ud-Cache-Price-Country`. */
export function cacheHeaderName(cookieName: string): string {
  const words = cookieName.split('_').filter((word) => word !== '');
  return ['X', ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('-');
}

/**
 * The headers every API call sends (platform §7): `X-Requested-With`, `Accept-Language`
 * with the negotiated locale (the locale cookie, else the browser's languages: the one the
 * page is shown in, so the server formats amounts the same way), the CSRF token on unsafe
 * methods, and one header per `ud_cache_*` cookie.
 */
export function defaultHeaders(
  method: string,
  cookieString: string,
  navigatorLanguage: string | readonly string[] | undefined,
): Record<string, string> {
  const cookies = parseCookies(cookieString);
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLocale(cookieString, navigatorLanguage),
  };
  for (const [name, value] of cookies) {
    if (name.startsWith(CACHE_COOKIE_PREFIX) && name.length > CACHE_COOKIE_PREFIX.length) {
      headers[cacheHeaderName(name)] = value;
    }
  }
  const csrfToken = cookies.get(CSRF_COOKIE_PRODUCTION) ?? cookies.get(CSRF_COOKIE);
  if (isUnsafeMethod(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  return headers;
}
