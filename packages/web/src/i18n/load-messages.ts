import en from './messages/en.json';

/** Every message id of the app; English is the source of truth. */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const FALLBACK_LOCALE = 'en';

/**
 * One loader per file in ./messages, keyed by its name (`fr.json` → `fr`, `pt-BR.json` →
 * `pt-BR`). Adding a locale is dropping a file there; each is its own chunk, loaded only
 * when needed. English is bundled in the entry so the first render never waits for it.
 */
const loaders: Record<string, () => Promise<Partial<Messages>>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Partial<Messages>>(['./messages/*.json', '!./messages/en.json'], { import: 'default' }),
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

/** The messages for a locale; ids missing from its file fall back to English. */
export async function loadMessages(locale: string): Promise<Messages> {
  const messageLocale = messageLocaleFor(locale);
  const load = loaders[messageLocale];
  if (!load) return en;
  try {
    return { ...en, ...(await load()) };
  } catch {
    // A failed chunk must not block the page: English is better than nothing.
    return en;
  }
}

export const englishMessages: Messages = en;
