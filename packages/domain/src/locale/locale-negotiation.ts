/**
 * The locales the storefront speaks (issue 18), as BCP 47 tags: what `<html lang>`, Intl and
 * react-intl take. Each has a message catalog in the web app.
 */
export const SUPPORTED_LOCALES = ['en-US', 'es-ES', 'pt-BR', 'ja-JP'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: SupportedLocale = 'en-US';

/** Cookie holding the visitor's chosen locale in the underscore form, e.g. `es_ES` (platform §7). */
export const LOCALE_COOKIE = 'ud_locale';

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

// A language tag as browsers and our cookie write it: a 2–3 letter language, then subtags
// (region, script, variant) of 1–8 letters or digits, joined by "-" or "_".
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i;

/**
 * The supported locale a language tag stands for: the same tag whatever its case or
 * separator (`es_ES`, `PT-br`), else the supported locale of its language, so a Mexican
 * Spanish speaker (`es-MX`) reads Spanish and a Portuguese one (`pt`, `pt-PT`) Brazilian
 * Portuguese rather than English. Null when we do not speak the language (or for `*`).
 */
export function supportedLocaleFor(tag: string): SupportedLocale | null {
  const trimmed = tag.trim();
  if (!LANGUAGE_TAG.test(trimmed)) return null;
  const normalized = trimmed.replace(/_/g, '-').toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === normalized);
  if (exact) return exact;
  const language = normalized.split('-')[0];
  return SUPPORTED_LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? null;
}

// A real header names a handful of languages; a longer one is either a mistake or an attack,
// and the first entries carry the preference anyway.
const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

/**
 * The language tags of an `Accept-Language` header (RFC 9110 §12.5.4), most preferred first:
 * by q-value, then in the header's order. Entries with q=0 ("not acceptable") and malformed
 * ones are dropped.
 */
export function parseAcceptLanguage(header: string): string[] {
  const entries: { tag: string; q: number; index: number }[] = [];
  const parts = header.split(',', MAX_ACCEPT_LANGUAGE_ENTRIES);
  parts.forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (tag === '') return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
      else if (/^\s*q\s*=/i.test(param)) q = Number.NaN; // a malformed weight: drop the entry
    }
    if (!(q > 0 && q <= 1)) return;
    entries.push({ tag, q, index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}

export interface LocalePreferences {
  /** The `ud_locale` cookie's value, e.g. `es_ES`: the visitor's own choice. */
  cookie?: string | null;
  /**
   * What the browser prefers: an `Accept-Language` header (server side), or the ordered list
   * of `navigator.languages` (browser side).
   */
  acceptLanguage?: string | readonly string[] | null;
}

/**
 * The one locale a request is rendered in, on the server and in the browser alike: the
 * locale cookie when it names a language we speak, else the browser's most preferred
 * language we speak, else en-US.
 */
export function negotiateLocale({ cookie, acceptLanguage }: LocalePreferences): SupportedLocale {
  const fromCookie = cookie ? supportedLocaleFor(cookie) : null;
  if (fromCookie) return fromCookie;
  const preferred =
    typeof acceptLanguage === 'string'
      ? parseAcceptLanguage(acceptLanguage)
      : (acceptLanguage ?? []).slice(0, MAX_ACCEPT_LANGUAGE_ENTRIES);
  for (const tag of preferred) {
    const locale = supportedLocaleFor(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The cookie's form of a locale: `es-ES` → `es_ES` (platform §7). */
export function localeCookieValue(locale: SupportedLocale): string {
  return locale.replace('-', '_');
}
