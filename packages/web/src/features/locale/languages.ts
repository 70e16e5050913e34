import { SUPPORTED_LOCALES, type SupportedLocale } from '@lectern/domain';

/**
 * Each language the storefront speaks, in its own name: a reader looks for the name they
 * know, whatever the page's language, so these are not messages to translate.
 */
export const LANGUAGE_NAMES: Readonly<Record<SupportedLocale, string>> = {
  'en-US': 'English',
  'es-ES': 'Español',
  'pt-BR': 'Português (Brasil)',
  'ja-JP': '日本語',
};

export const LANGUAGES: readonly { locale: SupportedLocale; name: string }[] = SUPPORTED_LOCALES.map(
  (locale) => ({ locale, name: LANGUAGE_NAMES[locale] }),
);
