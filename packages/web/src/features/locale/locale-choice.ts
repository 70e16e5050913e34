import { LOCALE_COOKIE, localeCookieValue, type SupportedLocale } from '@lectern/domain';
import { documentCookieJar, type CookieJar } from '../consent/cookie-jar';

/** A choice of language is kept for a year, like the consent it sits next to. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface LocaleChoiceEffects {
  jar?: CookieJar;
  /** Loads the page again, so the server renders it in the new language. */
  reload?: () => void;
}

/**
 * Keeps the visitor's language in the `ud_locale` cookie (platform §7: `es_ES`; whole site,
 * SameSite=Lax, Secure on https) and reloads: the server reads the cookie first when it picks
 * the locale of every page and of every API answer (prices, dates), so one reload switches all
 * of it. The cookie is "functional" (C0003) in the consent registry: written at the visitor's
 * own request, it is forgotten if they later withdraw that category.
 */
export function chooseLocale(locale: SupportedLocale, effects: LocaleChoiceEffects = {}): void {
  const jar = effects.jar ?? documentCookieJar();
  jar.write(LOCALE_COOKIE, localeCookieValue(locale), { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS });
  (effects.reload ?? (() => window.location.reload()))();
}
