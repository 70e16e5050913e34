import { LOCALE_COOKIE, negotiateLocale, type SupportedLocale } from '@lectern/domain';
import { readCookie } from './cookies';

export { DEFAULT_LOCALE, LOCALE_COOKIE } from '@lectern/domain';

/** The browser's languages, most preferred first (`navigator.languages`, else its one language). */
export function browserLanguages(nav: Navigator | undefined = globalThis.navigator): readonly string[] {
  if (!nav) return [];
  if (nav.languages && nav.languages.length > 0) return nav.languages;
  return nav.language ? [nav.language] : [];
}

/**
 * The visitor's locale, negotiated as the server does it (domain `negotiateLocale`): the
 * `ud_locale` cookie, else the browser's most preferred language we speak, else en-US.
 * `languages` is an ordered list, or one tag or `Accept-Language` value (the server renderer
 * hands in the locale it negotiated).
 */
export function currentLocale(
  cookieString?: string,
  languages: string | readonly string[] | undefined = browserLanguages(),
): SupportedLocale {
  return negotiateLocale({ cookie: readCookie(LOCALE_COOKIE, cookieString), acceptLanguage: languages });
}
