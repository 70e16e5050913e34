import type { MessageFormatElement } from 'react-intl';
import enSource from './messages/en.json';

/** Every message id of the app; English is the source of truth. */
export type MessageId = keyof typeof enSource;

/**
 * A catalog as the app holds it: ICU ASTs in a Vite build (the `precompileMessages` plugin
 * compiles each catalog file as it is imported), the source text where no build step ran
 * (unit tests, tools). react-intl formats either.
 */
export type Messages = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;
type Catalog = Partial<Record<MessageId, string>> | Partial<Record<MessageId, MessageFormatElement[]>>;

// TypeScript reads the JSON file's text; the build hands over its ASTs instead (see Messages).
const en = enSource as Messages;

import { FALLBACK_LOCALE } from './fallback-locale';

export { FALLBACK_LOCALE };

/**
 * One loader per file in ./messages, keyed by its name (`fr.json` → `fr`, `pt-BR.json` →
 * `pt-BR`). Adding a locale is dropping a file there; each is its own chunk, loaded only
 * when needed. English is bundled in the entry so the first render never waits for it.
 */
const loaders: Record<string, () => Promise<Catalog>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalog>(['./messages/*.json', '!./messages/en.json'], { import: 'default' }),
  ).map(([path, load]) => [path.replace('./messages/', '').replace('.json', ''), load]),
);

/** The best file for a BCP 47 locale: the full tag (`pt-BR`), then the language (`pt`), then English. */
export function messageLocaleFor(
  locale: string,
  available: readonly string[] = [FALLBACK_LOCALE, ...Object.keys(loaders)],
): string {
  const language = locale.split('-')[0] ?? '';
  return [locale, language].find((candidate) => available.includes(candidate)) ?? FALLBACK_LOCALE;
}

/**
 * The loader of the app's catalogs (`loaders` by default): the messages for a locale, where
 * ids missing from its file, or left empty there, fall back to English.
 */
export function createMessageLoader(catalogs: Record<string, () => Promise<Catalog>>) {
  return async (locale: string): Promise<Messages> => {
    const load = catalogs[messageLocaleFor(locale, [FALLBACK_LOCALE, ...Object.keys(catalogs)])];
    if (!load) return en;
    let translated: Catalog;
    try {
      translated = await load();
    } catch {
      // A failed chunk must not block the page: English is better than nothing.
      return en;
    }
    // Both come out of the same build step, so both are ASTs (or both text).
    const messages: Record<string, string | MessageFormatElement[]> = { ...en };
    for (const [id, message] of Object.entries(translated)) {
      // An empty translation is an unfinished one.
      if (message !== undefined && message.length > 0) messages[id] = message;
    }
    return messages as Messages;
  };
}

/** The messages for a locale; ids missing from its file fall back to English. */
export const loadMessages = createMessageLoader(loaders);

export const englishMessages: Messages = en;
