import { SUPPORTED_LOCALES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { catalogProblems, syntaxProblems } from './catalog-check';
import { FALLBACK_LOCALE, messageLocaleFor } from './load-messages';
import en from './messages/en.json';

// The check CI runs on the catalogs (issue 18): every message of the app in every language,
// with the English message's arguments and tags. A failure lists each problem on its line.

const catalogs = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('./messages/*.json', { eager: true, import: 'default' }),
  ).map(([path, catalog]) => [path.replace('./messages/', '').replace('.json', ''), catalog]),
);

/** The catalog file of each locale the storefront speaks, besides English. */
const TRANSLATED: Record<Exclude<(typeof SUPPORTED_LOCALES)[number], 'en-US'>, string> = {
  'es-ES': 'es',
  'pt-BR': 'pt-BR',
  'ja-JP': 'ja',
};

function expectNoProblems(problems: string[]) {
  if (problems.length > 0) expect.fail(`${problems.length} problem(s):\n${problems.join('\n')}`);
}

describe('message catalogs', () => {
  it('has a catalog for every supported locale, picked by the message loader', () => {
    expect(Object.keys(TRANSLATED).sort()).toEqual(SUPPORTED_LOCALES.filter((l) => l !== 'en-US').sort());
    const available = Object.keys(catalogs);
    for (const [locale, file] of Object.entries(TRANSLATED)) {
      expect(available, `${file}.json (${locale}) is missing`).toContain(file);
      expect(messageLocaleFor(locale, available)).toBe(file);
    }
    expect(messageLocaleFor('en-US', available)).toBe(FALLBACK_LOCALE);
  });

  it('has only valid ICU messages in en.json', () => {
    expectNoProblems(syntaxProblems('en.json', en));
  });

  it.each(Object.values(TRANSLATED))(
    '%s.json has every message of en.json, no other, with the same arguments and tags',
    (file) => {
      const catalog = catalogs[file];
      if (!catalog)
        expect.fail(`${file}.json does not exist yet: all ${Object.keys(en).length} messages are missing`);
      expectNoProblems(catalogProblems(`${file}.json`, en, catalog));
    },
  );
});
